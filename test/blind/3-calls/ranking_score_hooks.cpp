// scenario: a feed ranker runs stored post-scoring hooks; one hook projects scores through a calibration matrix reloaded between requests
// tier: 3
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Float but found Double
#include <torch/torch.h>
#include <functional>
#include <iostream>
#include <string>
#include <vector>

namespace {

using ScoreHook = std::function<torch::Tensor(const torch::Tensor &)>;

struct CalibrationState {
  torch::Tensor matrix = torch::eye(4); // [objectives, objectives]
  int version = 0;
};

class FeedRanker {
public:
  explicit FeedRanker(CalibrationState &calib)
      : tower_(torch::nn::Linear(16, 4)), calib_(calib) {
    hooks_.push_back([this](const torch::Tensor &s) { return torch::matmul(s, calib_.matrix); }); // BUG
    hooks_.push_back([](const torch::Tensor &s) { return torch::softmax(s, /*dim=*/1); });
  }

  torch::Tensor rank(const torch::Tensor &candidates) {
    torch::NoGradGuard no_grad;
    torch::Tensor scores = tower_(candidates);
    for (auto &hook : hooks_) scores = hook(scores);
    return scores;
  }

private:
  torch::nn::Linear tower_;
  CalibrationState &calib_;
  std::vector<ScoreHook> hooks_;
};

// The calibration job exports its matrix as doubles (it is fitted with numpy).
void reloadCalibration(CalibrationState &calib, const std::vector<double> &values) {
  calib.matrix = torch::from_blob(const_cast<double *>(values.data()), {4, 4}, torch::kFloat64).clone();
  ++calib.version;
}

} // namespace

int main() {
  CalibrationState calib;
  FeedRanker ranker(calib);
  auto first = ranker.rank(torch::randn({10, 16}));
  std::cout << "calibration v" << calib.version << " top " << first.argmax(1)[0].item<int64_t>() << "\n";

  std::vector<double> fitted = {1.1, 0.0, 0.0, 0.0, 0.0, 0.9, 0.1, 0.0,
                                0.0, 0.0, 1.0, 0.0, 0.0, 0.2, 0.0, 0.8};
  reloadCalibration(calib, fitted);
  auto second = ranker.rank(torch::randn({10, 16}));
  std::cout << "calibration v" << calib.version << " top " << second.argmax(1)[0].item<int64_t>() << "\n";
  return 0;
}
