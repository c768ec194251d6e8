// scenario: credit-scoring service wraps a float64 feature buffer with from_blob and feeds it to an MLP under CPU bf16 autocast; float64 is never cast, the Linear weights are
// tier: 5
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>
#include <vector>

struct Applicant {
  double income;
  double debt_ratio;
  double years_employed;
  double open_accounts;
};

class ScoringModel : public torch::nn::Module {
 public:
  ScoringModel() {
    fc1_ = register_module("fc1", torch::nn::Linear(4, 16));
    fc2_ = register_module("fc2", torch::nn::Linear(16, 1));
  }
  torch::Tensor forward(const torch::Tensor& x) {
    return torch::sigmoid(fc2_(torch::relu(fc1_(x)))); // BUG
  }

 private:
  torch::nn::Linear fc1_{nullptr}, fc2_{nullptr};
};

// Packs applicants row-major into a contiguous buffer, the way the upstream
// feature store hands them over.
std::vector<double> pack(const std::vector<Applicant>& rows) {
  std::vector<double> buf;
  buf.reserve(rows.size() * 4);
  for (const auto& a : rows) {
    buf.push_back(a.income / 1e5);
    buf.push_back(a.debt_ratio);
    buf.push_back(a.years_employed / 10.0);
    buf.push_back(a.open_accounts / 5.0);
  }
  return buf;
}

int main() {
  torch::manual_seed(11);
  auto model = std::make_shared<ScoringModel>();
  model->eval();

  std::vector<Applicant> queue = {{52000, 0.31, 4, 3}, {87000, 0.12, 11, 6}, {23000, 0.58, 1, 2}};
  auto buffer = pack(queue);
  auto features = torch::from_blob(buffer.data(), {static_cast<int64_t>(queue.size()), 4},
                                   torch::kFloat64).clone();

  torch::NoGradGuard no_grad;
  at::autocast::set_cpu_enabled(true);
  auto scores = model->forward(features);
  at::autocast::set_cpu_enabled(false);

  for (int64_t i = 0; i < scores.size(0); ++i)
    std::cout << "applicant " << i << " score " << scores[i].item<float>() << "\n";
  return 0;
}
