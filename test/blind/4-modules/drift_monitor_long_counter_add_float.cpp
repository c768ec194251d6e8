// scenario: data-drift monitor module keeps int64 histogram counters and adds the soft (float) bin memberships of each batch in place
// tier: 4
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: result type Float can't be cast to the desired output type Long
#include <torch/torch.h>
#include <iostream>

class DriftMonitorImpl : public torch::nn::Module {
 public:
  explicit DriftMonitorImpl(int64_t bins) : centers_(torch::linspace(-3.0, 3.0, bins)) {
    counts_ = register_buffer("counts", torch::zeros({bins}, torch::kLong));
    seen_ = register_buffer("seen", torch::zeros({}, torch::kLong));
  }

  void update(const torch::Tensor& values) {
    // Soft assignment: each value spreads its mass over nearby bins.
    torch::Tensor d = (values.unsqueeze(1) - centers_.unsqueeze(0)).abs();
    torch::Tensor membership = torch::softmax(-d * 4.0, 1);
    seen_.add_(values.size(0));
    counts_.add_(membership.sum(0)); // BUG
  }

  torch::Tensor distribution() const {
    return counts_.to(torch::kFloat) / seen_.clamp_min(1).to(torch::kFloat);
  }

 private:
  torch::Tensor centers_;
  torch::Tensor counts_;
  torch::Tensor seen_;
};
TORCH_MODULE(DriftMonitor);

int main() {
  torch::manual_seed(131);
  DriftMonitor monitor(7);
  for (int b = 0; b < 3; ++b) monitor->update(torch::randn({16}) + 0.3 * b);
  std::cout << "distribution " << monitor->distribution() << "\n";
  return 0;
}
