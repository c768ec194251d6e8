// scenario: a churn classifier evaluates every few epochs into a prediction buffer shaped after the int32 label file
// tier: 2
// family: out-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Expected out tensor to have dtype long int, but got int instead
#include <torch/torch.h>
#include <cstdint>
#include <iostream>
#include <vector>

namespace {

struct Split {
  torch::Tensor features;
  torch::Tensor labels;  // as stored on disk: int32
};

template <typename LabelT>
Split read_split(int64_t rows, int64_t cols, uint32_t seed) {
  std::vector<LabelT> raw(rows);
  for (int64_t i = 0; i < rows; ++i)
    raw[i] = static_cast<LabelT>((i * 7 + seed) % 3);
  auto labels = torch::from_blob(raw.data(), {rows}, c10::CppTypeToScalarType<LabelT>::value).clone();
  auto features = torch::randn({rows, cols}) + labels.unsqueeze(1).to(torch::kFloat);
  return {features, labels};
}

struct AccuracyMeter {
  int64_t correct = 0;
  int64_t seen = 0;
  void update(const torch::Tensor& pred, const torch::Tensor& target) {
    correct += pred.eq(target).sum().item<int64_t>();
    seen += target.numel();
  }
  double value() const { return seen ? static_cast<double>(correct) / seen : 0.0; }
};

}  // namespace

int main() {
  torch::manual_seed(11);
  const int epochs = 6, eval_every = 2;
  using LabelColumn = int32_t;  // the exporter's column type
  auto train = read_split<LabelColumn>(128, 10, 1);
  auto valid = read_split<LabelColumn>(48, 10, 5);

  torch::nn::Sequential net(torch::nn::Linear(10, 64), torch::nn::GELU(), torch::nn::Linear(64, 3));
  torch::optim::AdamW opt(net->parameters(), torch::optim::AdamWOptions(3e-3));

  torch::Tensor val_pred;  // reused across evaluations
  double best = 0.0;
  for (int epoch = 1; epoch <= epochs; ++epoch) {
    net->train();
    for (int64_t start = 0; start < train.features.size(0); start += 32) {
      auto x = train.features.slice(0, start, start + 32);
      auto y = train.labels.slice(0, start, start + 32).to(torch::kLong);
      opt.zero_grad();
      auto loss = torch::nn::functional::cross_entropy(net->forward(x), y);
      loss.backward();
      opt.step();
    }
    if (epoch % eval_every != 0)
      continue;

    torch::NoGradGuard no_grad;
    net->eval();
    if (!val_pred.defined())
      val_pred = torch::empty_like(valid.labels);
    auto logits = net->forward(valid.features);
    torch::argmax_out(val_pred, logits, /*dim=*/1); // BUG
    AccuracyMeter meter;
    meter.update(val_pred, valid.labels);
    best = std::max(best, meter.value());
    std::cout << "epoch " << epoch << " val acc " << meter.value() << "\n";
  }
  std::cout << "best " << best << "\n";
  return 0;
}
