// scenario: an auto lambda captures the embedding bank by reference; the bank is shrunk to float16 before queries arrive
// tier: 3
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "addmv_impl_cpu" not implemented for 'Half'
#include <torch/torch.h>
#include <iostream>

torch::Tensor l2_normalize(const torch::Tensor &x) {
  return x / x.norm(2, -1, true).clamp_min(1e-6);
}

int main() {
  torch::manual_seed(0);
  auto bank = l2_normalize(torch::randn({100, 32}));
  auto score = [&](const torch::Tensor &query) {
    return torch::mv(bank, query); // BUG
  };

  // Memory budget: keep the bank in half precision from now on.
  bank = bank.to(torch::kHalf);
  std::cout << "bank bytes: " << bank.numel() * bank.element_size() << "\n";

  auto query = l2_normalize(torch::randn({32})).to(torch::kHalf);
  auto sims = score(query);
  std::cout << std::get<1>(sims.topk(5)) << "\n";
  return 0;
}
