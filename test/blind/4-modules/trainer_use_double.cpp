// scenario: a trainer that owns model and optimizer and can switch the whole run to float64 for a stiff regression target
// tier: 4
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

class Trainer {
public:
  Trainer(int64_t in, int64_t hidden)
      : model_(torch::nn::Linear(in, hidden), torch::nn::Tanh(), torch::nn::Linear(hidden, 1)),
        optimizer_(model_->parameters(), torch::optim::AdamOptions(5e-3)) {}

  void use_double() {
    model_->to(torch::kDouble);
    dtype_ = torch::kDouble;
  }

  double train_step(const torch::Tensor &x, const torch::Tensor &y) {
    model_->train();
    optimizer_.zero_grad();
    auto loss = torch::mse_loss(model_->forward(x.to(dtype_)), y.to(dtype_));
    loss.backward();
    optimizer_.step();
    return loss.item<double>();
  }

  torch::Tensor predict(const torch::Tensor &x) {
    torch::NoGradGuard no_grad;
    model_->eval();
    return model_->forward(x);
  }

  torch::nn::Sequential &model() { return model_; }
  torch::Dtype dtype() const { return dtype_; }

private:
  torch::nn::Sequential model_;
  torch::optim::Adam optimizer_;
  torch::Dtype dtype_ = torch::kFloat;
};

torch::Tensor stiff_target(const torch::Tensor &x) {
  // small differences of large terms: needs float64 to resolve
  return (1e4 * x.select(1, 0) + x.select(1, 1)).unsqueeze(1) * 1e-4;
}

int main() {
  torch::manual_seed(6);
  Trainer trainer(3, 24);
  trainer.use_double();

  auto x = torch::rand({256, 3}, torch::kDouble) * 2 - 1;
  auto y = stiff_target(x);

  double first = 0.0, last = 0.0;
  for (int epoch = 0; epoch < 200; ++epoch) {
    last = trainer.train_step(x, y);
    if (epoch == 0)
      first = last;
  }

  auto grid = torch::linspace(-1.0, 1.0, 5, torch::kDouble);
  auto queries = torch::stack({grid, grid, torch::zeros_like(grid)}, 1);
  auto pred = trainer.predict(queries);
  auto first_layer = trainer.model()->ptr<torch::nn::LinearImpl>(0);
  auto hidden = first_layer->forward(queries);

  std::cout << "loss " << first << " -> " << last << "\npredictions " << pred.squeeze(1)
            << "\nhidden width " << hidden.size(1) << "\n";
  if (pred.scalar_type() != torch::kDouble || trainer.dtype() != torch::kDouble)
    return 1;
  return last < first ? 0 : 1;
}
