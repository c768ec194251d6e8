// scenario: a Trainer restores weights exported from NumPy (float64) by swapping parameter storage with set_data
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>
#include <iostream>
#include <map>
#include <memory>
#include <string>

struct Batch {
  torch::Tensor features;
  torch::Tensor targets;
};

class Trainer {
 public:
  Trainer(int64_t in, int64_t out)
      : model_(torch::nn::Linear(in, 64), torch::nn::ReLU(), torch::nn::Linear(64, out)) {
    optimizer_ = std::make_unique<torch::optim::AdamW>(model_->parameters(),
                                                       torch::optim::AdamWOptions(1e-3));
    scheduler_ = std::make_unique<torch::optim::StepLR>(*optimizer_, /*step_size=*/2, /*gamma=*/0.5);
  }

  void load_state(const std::map<std::string, torch::Tensor>& state) {
    torch::NoGradGuard no_grad;
    for (auto& item : model_->named_parameters()) {
      auto it = state.find(item.key());
      if (it == state.end()) continue;
      item.value().set_data(it->second);
    }
  }

  float train_step(const Batch& batch) {
    model_->train();
    optimizer_->zero_grad();
    auto pred = model_->forward(batch.features); // BUG
    auto loss = torch::mse_loss(pred, batch.targets);
    loss.backward();
    optimizer_->step();
    return loss.item<float>();
  }

  void end_epoch() { scheduler_->step(); }

 private:
  torch::nn::Sequential model_;
  std::unique_ptr<torch::optim::AdamW> optimizer_;
  std::unique_ptr<torch::optim::StepLR> scheduler_;
};

std::map<std::string, torch::Tensor> fake_numpy_export() {
  auto opts = torch::TensorOptions().dtype(torch::kFloat64);
  return {{"0.weight", torch::randn({64, 8}, opts) * 0.1}, {"0.bias", torch::zeros({64}, opts)},
          {"2.weight", torch::randn({1, 64}, opts) * 0.1}, {"2.bias", torch::zeros({1}, opts)}};
}

int main() {
  torch::manual_seed(1);
  Trainer trainer(8, 1);
  trainer.load_state(fake_numpy_export());
  for (int epoch = 0; epoch < 2; ++epoch) {
    Batch batch{torch::randn({32, 8}), torch::randn({32, 1})};
    std::cout << "epoch " << epoch << " loss " << trainer.train_step(batch) << "\n";
    trainer.end_epoch();
  }
  return 0;
}
