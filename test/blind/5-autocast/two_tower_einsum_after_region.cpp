// scenario: two-tower model encodes users under bfloat16 autocast, then scores against a float32 item table
// tier: 5
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Float but found BFloat16
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

struct UserTowerImpl : torch::nn::Module {
  UserTowerImpl(int64_t in, int64_t dim)
      : fc1(register_module("fc1", torch::nn::Linear(in, 64))),
        fc2(register_module("fc2", torch::nn::Linear(64, dim))) {}
  torch::Tensor forward(const torch::Tensor& x) { return fc2->forward(torch::relu(fc1->forward(x))); }
  torch::nn::Linear fc1, fc2;
};
TORCH_MODULE(UserTower);

static torch::Tensor encode_users(UserTower& tower, const torch::Tensor& features) {
  torch::NoGradGuard no_grad;
  at::autocast::set_autocast_cpu_dtype(at::kBFloat16);
  at::autocast::set_cpu_enabled(true);
  auto out = tower->forward(features);
  at::autocast::set_cpu_enabled(false);
  at::autocast::clear_cache();
  return out;
}

int main() {
  const int64_t batch = 8, in = 20, dim = 16, items = 200;
  UserTower tower(in, dim);
  auto item_table = torch::randn({items, dim});

  auto users = encode_users(tower, torch::randn({batch, in}));
  auto scores = torch::einsum("bd,nd->bn", {users, item_table}); // BUG
  auto top = std::get<1>(scores.topk(10, 1));
  std::cout << top.sizes() << "\n";
  return 0;
}
