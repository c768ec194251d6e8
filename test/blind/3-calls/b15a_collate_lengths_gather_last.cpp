// scenario: collates (features, label, length) tuples into a padded batch with int32 lengths, then a pooling helper gathers each sequence's last valid GRU state
// tier: 3
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: gather(): Expected dtype int64 for index
#include <torch/torch.h>
#include <algorithm>
#include <iostream>
#include <tuple>
#include <vector>

using Sample = std::tuple<torch::Tensor, int64_t, int64_t>;  // [len, feat], label, len

struct Batch {
  torch::Tensor feats;    // [B, T, F]
  torch::Tensor labels;   // [B]
  torch::Tensor lengths;  // [B]
};

Batch collate(const std::vector<Sample>& samples, int64_t feat_dim) {
  int64_t max_len = 0;
  for (const auto& s : samples) max_len = std::max(max_len, std::get<2>(s));
  const int64_t B = static_cast<int64_t>(samples.size());
  Batch batch{torch::zeros({B, max_len, feat_dim}), torch::empty({B}, torch::kLong),
              torch::empty({B}, torch::kInt)};
  for (int64_t i = 0; i < B; ++i) {
    const auto& [feats, label, len] = samples[i];
    batch.feats[i].narrow(0, 0, len).copy_(feats);
    batch.labels[i] = label;
    batch.lengths[i] = len;
  }
  return batch;
}

torch::Tensor last_valid_step(const torch::Tensor& outputs, const torch::Tensor& lengths) {
  // outputs: [B, T, H] -> [B, H], the state at position length-1 of each row
  auto idx = (lengths - 1).view({-1, 1, 1}).expand({outputs.size(0), 1, outputs.size(2)});
  return outputs.gather(1, idx).squeeze(1); // BUG
}

int main() {
  torch::manual_seed(5);
  const int64_t feat_dim = 12;
  std::vector<Sample> samples;
  for (int64_t len : {7, 3, 9, 5}) {
    samples.emplace_back(torch::randn({len, feat_dim}), len % 2, len);
  }
  Batch batch = collate(samples, feat_dim);

  torch::nn::GRU gru(torch::nn::GRUOptions(feat_dim, 24).batch_first(true));
  torch::nn::Linear head(24, 2);
  auto outputs = std::get<0>(gru->forward(batch.feats));
  auto pooled = last_valid_step(outputs, batch.lengths);
  auto loss = torch::nn::functional::cross_entropy(head(pooled), batch.labels);
  std::cout << "loss " << loss.item<float>() << "\n";
  return 0;
}
