// scenario: a hand-written collate packs samples into contiguous buffers and wraps them with from_blob
// tier: 3
// family: from-blob-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Long but found Float
#include <torch/torch.h>
#include <algorithm>
#include <iostream>
#include <vector>

namespace {

struct Sample {
  std::vector<float> pixels;
  int64_t label;
};

struct Batch {
  torch::Tensor images;
  torch::Tensor labels;
};

Batch collate(const std::vector<Sample>& samples, int64_t dim) {
  std::vector<float> pixels;
  std::vector<int64_t> labels;
  pixels.reserve(samples.size() * dim);
  for (const auto& s : samples) {
    pixels.insert(pixels.end(), s.pixels.begin(), s.pixels.end());
    labels.push_back(s.label);
  }
  const auto n = static_cast<int64_t>(samples.size());
  Batch b;
  b.images = torch::from_blob(pixels.data(), {n, dim}, torch::kFloat32).clone();
  b.labels = torch::from_blob(labels.data(), {n}).clone();
  return b;
}

float train_step(torch::nn::Sequential& model, torch::optim::Optimizer& opt, const Batch& batch) {
  opt.zero_grad();
  auto logits = model->forward(batch.images);
  auto loss = torch::nn::functional::cross_entropy(logits, batch.labels); // BUG
  loss.backward();
  opt.step();
  return loss.item<float>();
}

}  // namespace

int main() {
  const int64_t dim = 28;
  std::vector<Sample> data;
  for (int i = 0; i < 10; ++i)
    data.push_back({std::vector<float>(dim, 0.1f * i), static_cast<int64_t>(i % 3)});

  torch::nn::Sequential model(torch::nn::Linear(dim, 16), torch::nn::ReLU(), torch::nn::Linear(16, 3));
  torch::optim::Adam opt(model->parameters(), torch::optim::AdamOptions(1e-3));
  for (size_t start = 0; start < data.size(); start += 4) {
    std::vector<Sample> chunk(data.begin() + start, data.begin() + std::min(start + 4, data.size()));
    std::cout << "batch at " << start << " loss " << train_step(model, opt, collate(chunk, dim)) << "\n";
  }
  return 0;
}
