// scenario: evaluates a temperature-scaled classifier head, derived from a base head module, on labels loaded from an int32 label file
// tier: 4
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Long but found Int
#include <torch/torch.h>

#include <cstdint>
#include <iostream>
#include <vector>

struct ClassifierHeadImpl : torch::nn::Module {
  ClassifierHeadImpl(int64_t in, int64_t numClasses)
      : norm(register_module("norm", torch::nn::LayerNorm(
                                         torch::nn::LayerNormOptions({in})))),
        fc(register_module("fc", torch::nn::Linear(in, numClasses))) {}

  torch::Tensor forward(const torch::Tensor &x) { return fc(norm(x)); }

  torch::nn::LayerNorm norm;
  torch::nn::Linear fc;
};

struct TemperatureScaledHeadImpl : ClassifierHeadImpl {
  TemperatureScaledHeadImpl(int64_t in, int64_t numClasses, double t)
      : ClassifierHeadImpl(in, numClasses),
        temperature(register_buffer("temperature", torch::tensor(t))) {}

  torch::Tensor forward(const torch::Tensor &x) {
    return ClassifierHeadImpl::forward(x) / temperature;
  }

  torch::Tensor temperature;
};
TORCH_MODULE(TemperatureScaledHead);

// Label files are written by the data team's exporter as little-endian int32.
class EvalSet {
public:
  EvalSet(torch::Tensor features, std::vector<int32_t> rawLabels)
      : features_(std::move(features)), raw_(std::move(rawLabels)) {}

  const torch::Tensor &features() const { return features_; }

  const torch::Tensor &labels() const {
    if (!labels_.defined())
      labels_ = torch::from_blob(const_cast<int32_t *>(raw_.data()),
                                 {static_cast<int64_t>(raw_.size())},
                                 torch::kInt32)
                    .clone();
    return labels_;
  }

private:
  torch::Tensor features_;
  std::vector<int32_t> raw_;
  mutable torch::Tensor labels_;
};

struct CrossEntropyCriterion {
  torch::nn::CrossEntropyLoss loss{
      torch::nn::CrossEntropyLossOptions().label_smoothing(0.0)};
  torch::Tensor operator()(const torch::Tensor &logits,
                           const torch::Tensor &targets) {
    return loss(logits, targets); // BUG
  }
};

struct EvalReport {
  double loss;
  double accuracy;
};

template <typename Criterion>
EvalReport evaluate(TemperatureScaledHead &head, const EvalSet &data,
                    Criterion criterion) {
  torch::NoGradGuard noGrad;
  head->eval();
  auto logits = head(data.features());
  torch::Tensor loss = criterion(logits, data.labels());
  torch::Tensor acc = logits.argmax(1).eq(data.labels()).to(torch::kFloat).mean();
  return {loss.item<double>(), acc.item<double>()};
}

int main() {
  torch::manual_seed(5);
  const int64_t numClasses = 10, dim = 32, n = 64;
  std::vector<int32_t> raw(n);
  for (int64_t i = 0; i < n; ++i)
    raw[i] = static_cast<int32_t>((i * 7) % numClasses);

  EvalSet data(torch::randn({n, dim}), raw);
  TemperatureScaledHead head(dim, numClasses, /*t=*/1.5);
  auto report = evaluate(head, data, CrossEntropyCriterion{});
  std::cout << "loss " << report.loss << " acc " << report.accuracy << "\n";
  return 0;
}
