// scenario: credit-risk head normalises float64 ledger features with BatchNorm1d whose parameters are float32
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mixed dtype (CPU): expect input to have scalar type of BFloat16
#include <torch/torch.h>
#include <iostream>
#include <vector>

struct RiskHeadImpl : torch::nn::Module {
  explicit RiskHeadImpl(int64_t features)
      : bn(register_module("bn", torch::nn::BatchNorm1d(features))),
        out(register_module("out", torch::nn::Linear(features, 1))) {}

  torch::Tensor forward(torch::Tensor x) {
    x = bn->forward(x); // BUG
    return torch::sigmoid(out->forward(x));
  }

  torch::nn::BatchNorm1d bn;
  torch::nn::Linear out;
};
TORCH_MODULE(RiskHead);

torch::Tensor load_ledger(int64_t accounts) {
  // Monetary amounts are kept in float64 end to end in the ledger export.
  std::vector<double> balance, utilisation, late_payments;
  for (int64_t i = 0; i < accounts; ++i) {
    balance.push_back(1000.0 + 250.5 * i);
    utilisation.push_back(0.1 * (i % 9));
    late_payments.push_back(double(i % 3));
  }
  return torch::stack({torch::tensor(balance, torch::kDouble),
                       torch::tensor(utilisation, torch::kDouble),
                       torch::tensor(late_payments, torch::kDouble)}, 1);
}

int main() {
  RiskHead head(3);
  head->train();
  torch::Tensor x = load_ledger(8);
  torch::Tensor p_default = head->forward(x);
  std::cout << "default probabilities " << p_default.view({-1}) << "\n";
  return 0;
}
