// scenario: click-through model trains on the GPU under CUDA autocast and computes sigmoid + binary_cross_entropy inside the region; CUDA autocast bans binary_cross_entropy outright
// tier: 5
// family: autocast-unsafe-op
// expect: bug
// verified: source
// source: aten/src/ATen/autocast_mode.cpp (PyTorch 1.13.1): TORCH_LIBRARY_IMPL(aten, Autocast, m) registers binary_cross_entropy_banned for aten::binary_cross_entropy, which raises "torch.nn.functional.binary_cross_entropy and torch.nn.BCELoss are unsafe to autocast." (the string is in libtorch_cpu.so.1.13)
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

struct CtrModelImpl : torch::nn::Module {
  torch::nn::Embedding ad{nullptr}, user{nullptr};
  torch::nn::Linear mlp1{nullptr}, mlp2{nullptr};
  CtrModelImpl(int64_t n_ads, int64_t n_users, int64_t dim) {
    ad = register_module("ad", torch::nn::Embedding(n_ads, dim));
    user = register_module("user", torch::nn::Embedding(n_users, dim));
    mlp1 = register_module("mlp1", torch::nn::Linear(2 * dim, 32));
    mlp2 = register_module("mlp2", torch::nn::Linear(32, 1));
  }
  torch::Tensor forward(const torch::Tensor& ad_ids, const torch::Tensor& user_ids) {
    auto z = torch::cat({ad(ad_ids), user(user_ids)}, 1);
    return torch::sigmoid(mlp2(torch::relu(mlp1(z)))).squeeze(1);
  }
};
TORCH_MODULE(CtrModel);

int main() {
  torch::manual_seed(0);
  torch::Device device(torch::kCUDA);
  CtrModel model(200, 1000, 16);
  model->to(device);
  torch::optim::Adagrad opt(model->parameters(), torch::optim::AdagradOptions(0.05));

  auto ad_ids = torch::randint(0, 200, {128}, torch::kLong).to(device);
  auto user_ids = torch::randint(0, 1000, {128}, torch::kLong).to(device);
  auto clicked = torch::bernoulli(torch::full({128}, 0.1)).to(device);

  at::autocast::set_enabled(true);
  auto p_click = model->forward(ad_ids, user_ids);
  auto loss = torch::binary_cross_entropy(p_click, clicked); // BUG
  at::autocast::set_enabled(false);

  opt.zero_grad();
  loss.backward();
  opt.step();
  std::cout << "logloss " << loss.item<float>() << "\n";
  return 0;
}
