// scenario: intent classifier turns CPU autocast on from a config flag and computes cross_entropy of bf16 logits against int64 labels inside the region; the fp32 policy handles the logits and the labels stay integer
// tier: 5
// family: loss-target-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>
#include <vector>

struct TrainConfig {
  bool autocast_cpu = true;
  double lr = 0.05;
  int epochs = 3;
  double label_smoothing = 0.1;
};

struct Batch {
  torch::Tensor utterance;  // bag-of-words counts, float32
  torch::Tensor intent;     // int64 class ids
};

std::vector<Batch> toy_dataset() {
  std::vector<Batch> out;
  for (int b = 0; b < 3; ++b) {
    auto x = torch::rand({10, 30}).round();
    auto y = (x.narrow(1, 0, 5).sum(1) > 2).to(torch::kLong) + (x.narrow(1, 5, 5).sum(1) > 3).to(torch::kLong);
    out.push_back({x, y});
  }
  return out;
}

int main() {
  torch::manual_seed(19);
  TrainConfig cfg;
  torch::nn::Sequential model(torch::nn::Linear(30, 64), torch::nn::ReLU(), torch::nn::Dropout(0.1),
                              torch::nn::Linear(64, 3));
  torch::optim::SGD opt(model->parameters(), torch::optim::SGDOptions(cfg.lr));
  auto data = toy_dataset();

  for (int epoch = 0; epoch < cfg.epochs; ++epoch) {
    double total = 0;
    for (auto& batch : data) {
      opt.zero_grad();
      at::autocast::set_cpu_enabled(cfg.autocast_cpu);
      auto logits = model->forward(batch.utterance);
      auto loss = torch::nn::functional::cross_entropy(
          logits, batch.intent,
          torch::nn::functional::CrossEntropyFuncOptions().label_smoothing(cfg.label_smoothing));
      at::autocast::set_cpu_enabled(false);
      loss.backward();
      opt.step();
      total += loss.item<double>();
    }
    at::autocast::clear_cache();
    std::cout << "epoch " << epoch << " loss " << total / data.size() << "\n";
  }
  return 0;
}
