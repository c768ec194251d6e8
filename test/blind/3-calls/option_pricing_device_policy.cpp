// scenario: Monte Carlo option pricer that runs in float64 unless the selected device is Apple MPS
// tier: 3
// family: mps-float64
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <cmath>
#include <iostream>
#include <vector>

struct MarketParams {
  double spot;
  double rate;
  double volatility;
  double maturity;
};

static torch::Device select_device() {
  if (torch::cuda::is_available())
    return torch::Device(torch::kCUDA);
  if (at::hasMPS())
    return torch::Device(torch::kMPS);
  return torch::Device(torch::kCPU);
}

// Working precision for the pricing kernels on each backend.
static torch::Dtype compute_dtype(const torch::Device &device) {
  return device.type() == torch::kMPS ? torch::kFloat : torch::kDouble;
}

static torch::Tensor simulate_terminal(const MarketParams &m, int64_t paths,
                                       const torch::Device &device) {
  auto opts = torch::TensorOptions().device(device).dtype(compute_dtype(device));
  auto z = torch::randn({paths}, opts);
  double drift = (m.rate - 0.5 * m.volatility * m.volatility) * m.maturity;
  double diffusion = m.volatility * std::sqrt(m.maturity);
  return m.spot * torch::exp(drift + diffusion * z);
}

static torch::Tensor price_calls(const MarketParams &m, const std::vector<double> &strikes,
                                 int64_t paths, const torch::Device &device) {
  auto terminal = simulate_terminal(m, paths, device);
  auto k = torch::tensor(strikes, torch::kDouble).to(device, compute_dtype(device));
  auto payoff = torch::relu(terminal.unsqueeze(0) - k.unsqueeze(1));
  return std::exp(-m.rate * m.maturity) * payoff.mean(1);
}

static double black_scholes_call(const MarketParams &m, double strike) {
  double sq = m.volatility * std::sqrt(m.maturity);
  double d1 = (std::log(m.spot / strike) + (m.rate + 0.5 * m.volatility * m.volatility) * m.maturity) / sq;
  double d2 = d1 - sq;
  auto cdf = [](double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); };
  return m.spot * cdf(d1) - strike * std::exp(-m.rate * m.maturity) * cdf(d2);
}

int main() {
  torch::manual_seed(1234);
  auto device = select_device();
  MarketParams market{100.0, 0.03, 0.2, 1.0};
  std::vector<double> strikes = {80.0, 90.0, 100.0, 110.0, 120.0};

  auto prices = price_calls(market, strikes, 200000, device).to(torch::kCPU);
  auto reference = torch::empty({static_cast<int64_t>(strikes.size())}, prices.options());
  for (size_t i = 0; i < strikes.size(); ++i)
    reference[i] = black_scholes_call(market, strikes[i]);

  auto rel_err = ((prices - reference).abs() / reference).max().item<double>();
  std::cout << "device " << device << " dtype " << prices.dtype() << "\n";
  std::cout << "monte carlo " << prices << "\n";
  std::cout << "max relative error " << rel_err << "\n";
  return rel_err < 0.05 ? 0 : 1;
}
