// scenario: power iteration for the leading principal component, alternating cheap float32 sweeps with float64 correction sweeps
// tier: 2
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <vector>

struct SweepRecord {
  int step;
  double rayleigh;
  double drift;
};

int main() {
  torch::manual_seed(11);
  const int64_t dims = 16;
  const int64_t num_samples = 512;
  const int sweeps = 40;

  auto scale = torch::full({dims}, 0.5, torch::kDouble);
  scale[dims - 1] = 3.0;
  auto samples = torch::randn({num_samples, dims}, torch::kDouble) * scale;
  auto centered = samples - samples.mean(0, /*keepdim=*/true);
  auto cov64 = centered.t().mm(centered) / static_cast<double>(num_samples - 1);
  auto cov32 = cov64.to(torch::kFloat);

  auto v = torch::ones({dims}) / std::sqrt(static_cast<double>(dims));
  auto previous = v.to(torch::kDouble);
  std::vector<SweepRecord> history;

  for (int step = 0; step < sweeps; ++step) {
    // every other sweep is done in float64 to pull the iterate back
    const bool exact = step % 2 == 1;
    v = v.to(exact ? torch::kDouble : torch::kFloat);
    const torch::Tensor &cov = exact ? cov64 : cov32;

    auto next = torch::mv(cov, v);
    v = next / next.norm();

    if (exact) {
      auto rayleigh = torch::dot(v, torch::mv(cov64, v)).item<double>();
      auto drift = (v - previous).norm().item<double>();
      history.push_back({step, rayleigh, drift});
      previous = v.clone();
    }
  }

  auto leading = v.to(torch::kDouble);
  auto eigvals = torch::linalg::eigvalsh(cov64, "L");
  auto top_eig = eigvals[-1].item<double>();
  auto estimate = torch::dot(leading, torch::mv(cov64, leading)).item<double>();

  for (const auto &rec : history) {
    if (rec.step % 10 == 9)
      std::cout << "sweep " << rec.step << ": rayleigh=" << rec.rayleigh
                << " drift=" << rec.drift << "\n";
  }
  std::cout << "estimate " << estimate << " vs eigh " << top_eig << "\n";

  if (std::abs(estimate - top_eig) / top_eig > 1e-3)
    return 1;
  if (history.size() != static_cast<size_t>(sweeps / 2))
    return 1;
  return 0;
}
