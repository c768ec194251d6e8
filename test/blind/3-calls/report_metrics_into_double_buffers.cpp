// scenario: an evaluation report writes float32 and int64 results into float64 buffers through out= helpers
// tier: 3
// family: out-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>

#include <iostream>
#include <string>
#include <vector>

namespace {

struct Report {
  torch::Tensor per_class_loss; // [C] float64
  torch::Tensor cumulative;     // [C] float64
  torch::Tensor all_scores;     // [2N] float64
  torch::Tensor growth;         // [C] float64
  torch::Tensor thresholds;     // [K] int64 buckets
};

Report makeReport(int64_t classes, int64_t n, int64_t k) {
  auto f64 = torch::TensorOptions().dtype(torch::kDouble);
  return {torch::empty({classes}, f64), torch::empty({classes}, f64),
          torch::empty({2 * n}, f64), torch::empty({classes}, f64),
          torch::empty({k}, torch::kLong)};
}

void summarizeLosses(Report &r, const torch::Tensor &losses /* [N, C] float */) {
  torch::sum_out(r.per_class_loss, losses, 0);
  torch::cumsum_out(r.cumulative, r.per_class_loss.to(torch::kFloat), 0);
}

void collectScores(Report &r, const torch::Tensor &val, const torch::Tensor &test) {
  torch::cat_out(r.all_scores, {val, test}, 0);
}

void growthFactors(Report &r, const torch::Tensor &doublings /* int64 */) {
  torch::exp_out(r.growth, doublings);
}

void bucketEdges(Report &r, int64_t lo, int64_t hi) {
  torch::linspace_out(r.thresholds, lo, hi, r.thresholds.numel());
}

} // namespace

int main() {
  const int64_t n = 50, classes = 4, k = 6;
  Report r = makeReport(classes, n, k);

  summarizeLosses(r, torch::rand({n, classes}));
  collectScores(r, torch::rand({n}), torch::rand({n}));
  growthFactors(r, torch::arange(classes, torch::kLong));
  bucketEdges(r, 0, 100);

  std::cout << "per-class loss " << r.per_class_loss << "\n";
  std::cout << "scores " << r.all_scores.scalar_type() << " mean "
            << r.all_scores.mean().item<double>() << "\n";
  std::cout << "growth " << r.growth << "\nthresholds " << r.thresholds << "\n";
  return 0;
}
