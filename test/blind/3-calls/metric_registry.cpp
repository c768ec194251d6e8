// scenario: an evaluation harness with a registry of metric lambdas; reference vectors come from a float64 golden file
// tier: 3
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: dot : expected both vectors to have same dtype, but found Float and Double
#include <torch/torch.h>
#include <functional>
#include <iostream>
#include <map>
#include <string>

using MetricFn = std::function<torch::Tensor(const torch::Tensor&, const torch::Tensor&)>;

std::map<std::string, MetricFn> default_metrics() {
  std::map<std::string, MetricFn> metrics;
  metrics["mae"] = [](const torch::Tensor& pred, const torch::Tensor& ref) {
    return (pred - ref).abs().mean();
  };
  metrics["rmse"] = [](const torch::Tensor& pred, const torch::Tensor& ref) {
    return (pred - ref).pow(2).mean().sqrt();
  };
  metrics["cosine"] = [](const torch::Tensor& pred, const torch::Tensor& ref) {
    auto p = pred.flatten();
    auto r = ref.flatten();
    auto num = torch::dot(p, r); // BUG
    return num / (p.norm() * r.norm() + 1e-12);
  };
  return metrics;
}

torch::Tensor load_golden(int64_t n, int64_t dim) {
  // The golden outputs were dumped by the reference implementation in double.
  return torch::randn({n, dim}, torch::kFloat64);
}

torch::Tensor run_model(const torch::Tensor& golden) {
  return (golden + 0.01 * torch::randn_like(golden)).to(torch::kFloat32);
}

std::map<std::string, double> evaluate(const std::map<std::string, MetricFn>& metrics,
                                       const torch::Tensor& pred, const torch::Tensor& ref) {
  std::map<std::string, double> results;
  for (const auto& kv : metrics)
    results[kv.first] = kv.second(pred, ref).item<double>();
  return results;
}

int main() {
  torch::manual_seed(47);
  auto golden = load_golden(64, 8);
  auto pred = run_model(golden);
  auto metrics = default_metrics();
  auto results = evaluate(metrics, pred, golden);
  for (const auto& [name, value] : results)
    std::cout << name << " = " << value << "\n";
  return 0;
}
