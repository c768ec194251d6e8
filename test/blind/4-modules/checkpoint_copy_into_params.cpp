// scenario: restores a float32 model from a float64 checkpoint by copy_ into each named parameter and buffer, then fine-tunes it on float32 batches
// tier: 4
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <map>
#include <string>

struct RegressorImpl : torch::nn::Module {
  RegressorImpl(int64_t in_dim, int64_t hidden)
      : fc1(register_module("fc1", torch::nn::Linear(in_dim, hidden))),
        bn(register_module("bn", torch::nn::BatchNorm1d(hidden))),
        fc2(register_module("fc2", torch::nn::Linear(hidden, 1))) {}

  torch::Tensor forward(const torch::Tensor& x) {
    return fc2(torch::relu(bn(fc1(x)))).squeeze(1);
  }

  torch::nn::Linear fc1;
  torch::nn::BatchNorm1d bn;
  torch::nn::Linear fc2;
};
TORCH_MODULE(Regressor);

std::map<std::string, torch::Tensor> makeCheckpoint(Regressor& source) {
  std::map<std::string, torch::Tensor> state;
  for (const auto& item : source->named_parameters())
    state[item.key()] = item.value().detach().to(torch::kFloat64);
  for (const auto& item : source->named_buffers())
    state[item.key()] = item.value().to(torch::kFloat64);
  return state;
}

void loadCheckpoint(Regressor& model, const std::map<std::string, torch::Tensor>& state) {
  torch::NoGradGuard no_grad;
  for (auto& item : model->named_parameters())
    item.value().copy_(state.at(item.key()));
  for (auto& item : model->named_buffers())
    item.value().copy_(state.at(item.key()));
}

int main() {
  torch::manual_seed(6);
  const int64_t in_dim = 8, hidden = 16;

  Regressor pretrained(in_dim, hidden);
  auto checkpoint = makeCheckpoint(pretrained);

  Regressor model(in_dim, hidden);
  loadCheckpoint(model, checkpoint);

  torch::optim::Adam optimizer(model->parameters(), torch::optim::AdamOptions(1e-3));
  for (int step = 0; step < 4; ++step) {
    auto x = torch::randn({32, in_dim});
    auto y = x.sum(1) * 0.3;
    optimizer.zero_grad();
    auto loss = torch::mse_loss(model->forward(x), y);
    loss.backward();
    optimizer.step();
    std::cout << "step " << step << " mse " << loss.item<double>() << "\n";
  }
  std::cout << "fc1 weight dtype: " << model->fc1->weight.scalar_type() << "\n";
  return 0;
}
