// scenario: an evaluation tool computes per-class counts and rates into preallocated buffers through a plan of bound steps
// tier: 3
// family: out-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: result type Float can't be cast to the desired output type Long
#include <torch/torch.h>

#include <functional>
#include <iomanip>
#include <iostream>
#include <string>
#include <utility>
#include <vector>

namespace metrics {

// Buffers live for the whole evaluation run and are reused across epochs.
inline torch::Tensor allocate(int64_t numClasses,
                              torch::Dtype dtype = torch::kLong) {
  return torch::zeros({numClasses}, torch::dtype(dtype));
}

struct Buffers {
  explicit Buffers(int64_t c)
      : truePos(allocate(c)), predicted(allocate(c)), actual(allocate(c)),
        precision(allocate(c)), recall(allocate(c)) {}
  torch::Tensor truePos, predicted, actual, precision, recall;
};

inline void countInto(torch::Tensor &out, const torch::Tensor &indicator) {
  torch::sum_out(out, indicator, /*dim=*/{0});
}

inline void ratioInto(torch::Tensor &out, const torch::Tensor &num,
                      const torch::Tensor &den) {
  torch::div_out(out, num, den.clamp_min(1)); // BUG
}

inline void ratioInto(torch::Tensor &out, const torch::Tensor &num,
                      double den) {
  torch::div_out(out, num, torch::scalar_tensor(den, num.options()));
}

using RatioFn = void (*)(torch::Tensor &, const torch::Tensor &,
                         const torch::Tensor &);

} // namespace metrics

class EvaluationPlan {
public:
  using Step = std::function<void()>;
  void add(std::string name, Step step) {
    steps_.emplace_back(std::move(name), std::move(step));
  }
  void run() const {
    for (const auto &s : steps_)
      s.second();
  }

private:
  std::vector<std::pair<std::string, Step>> steps_;
};

int main() {
  using namespace std::placeholders;
  torch::manual_seed(3);
  const int64_t numClasses = 5;
  auto labels = torch::randint(numClasses, {200}, torch::kLong);
  auto noise = torch::randint(numClasses, {200}, torch::kLong);
  auto preds = torch::where(torch::rand({200}) < 0.7, labels, noise);

  auto predOneHot = torch::one_hot(preds, numClasses);
  auto labelOneHot = torch::one_hot(labels, numClasses);
  auto hitOneHot = predOneHot * labelOneHot;

  metrics::Buffers buf(numClasses);
  metrics::RatioFn ratio = &metrics::ratioInto;

  EvaluationPlan plan;
  plan.add("tp", std::bind(&metrics::countInto, std::ref(buf.truePos),
                           std::cref(hitOneHot)));
  plan.add("pred", std::bind(&metrics::countInto, std::ref(buf.predicted),
                             std::cref(predOneHot)));
  plan.add("actual", std::bind(&metrics::countInto, std::ref(buf.actual),
                               std::cref(labelOneHot)));
  plan.add("precision", std::bind(ratio, std::ref(buf.precision),
                                  std::cref(buf.truePos),
                                  std::cref(buf.predicted)));
  plan.add("recall", std::bind(ratio, std::ref(buf.recall),
                               std::cref(buf.truePos), std::cref(buf.actual)));
  plan.run();

  std::cout << std::fixed << std::setprecision(3);
  for (int64_t c = 0; c < numClasses; ++c)
    std::cout << "class " << c << " precision "
              << buf.precision[c].item<double>() << " recall "
              << buf.recall[c].item<double>() << "\n";
  return 0;
}
