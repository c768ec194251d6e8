// scenario: calibration metric module: float32 confidences are bucketed against float64 bin edges, and the area under the reliability curve is integrated with trapz over float64 bin centres
// tier: 4
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

namespace {

class ReliabilityDiagram {
public:
  explicit ReliabilityDiagram(int64_t bins)
      : edges_(torch::linspace(0.0, 1.0, bins + 1, torch::kDouble)),
        counts_(torch::zeros({bins}, torch::kLong)),
        hits_(torch::zeros({bins}, torch::kLong)),
        conf_sum_(torch::zeros({bins})) {}

  void update(const torch::Tensor &logits, const torch::Tensor &target) {
    auto probs = torch::softmax(logits, 1);
    auto top = probs.max(1);
    auto conf = std::get<0>(top);           // float32
    auto correct = std::get<1>(top).eq(target);
    // interior edges only; right=true puts conf == edge in the lower bin
    auto inner = edges_.slice(0, 1, -1);
    auto bin = torch::bucketize(conf, inner, /*out_int32=*/false, /*right=*/true);
    counts_.index_add_(0, bin, torch::ones_like(bin));
    hits_.index_add_(0, bin, correct.to(torch::kLong));
    conf_sum_.index_add_(0, bin, conf);
  }

  // expected calibration error and the area under accuracy-vs-centre
  std::pair<double, double> summary() const {
    auto n = counts_.clamp_min(1);
    auto acc = hits_ / n;          // int64 / int64 -> float32
    auto avg_conf = conf_sum_ / n; // float32
    auto share = counts_ / counts_.sum();
    auto ece = (share * (acc - avg_conf).abs()).sum().item<double>();
    auto centres = (edges_.slice(0, 1) + edges_.slice(0, 0, -1)) / 2; // float64
    auto gaps = torch::diff(centres, 1, 0, torch::zeros({1})); // float32 prepend
    auto area = torch::trapz(acc, centres).item<double>();
    std::cout << "first gap " << gaps[0].item<double>() << "\n";
    return {ece, area};
  }

private:
  torch::Tensor edges_;
  torch::Tensor counts_, hits_, conf_sum_;
};

} // namespace

int main() {
  torch::manual_seed(4);
  ReliabilityDiagram diagram(10);
  for (int b = 0; b < 3; ++b) {
    auto logits = torch::randn({32, 5}) * 2;
    auto target = torch::randint(0, 5, {32});
    diagram.update(logits, target);
  }
  auto s = diagram.summary();
  std::cout << "ece " << s.first << " area " << s.second << "\n";
  return 0;
}
