// scenario: a trainer picks its criterion from a registry of stored lambdas; the classification entry casts int32 labels from the loader to int64
// tier: 3
// family: loss-target-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <functional>
#include <iostream>
#include <map>
#include <string>

namespace F = torch::nn::functional;

namespace {

using Criterion = std::function<torch::Tensor(const torch::Tensor &, const torch::Tensor &)>;

std::map<std::string, Criterion> buildCriteria(double labelSmoothing) {
  std::map<std::string, Criterion> criteria;
  criteria["ce"] = [labelSmoothing](const torch::Tensor &logits, const torch::Tensor &labels) {
    // The CSV loader hands out int32 class ids; nll/cross_entropy want int64.
    return F::cross_entropy(logits, labels.to(torch::kLong),
                            F::CrossEntropyFuncOptions().label_smoothing(labelSmoothing));
  };
  criteria["multilabel"] = [](const torch::Tensor &logits, const torch::Tensor &labels) {
    auto hot = F::one_hot(labels.to(torch::kLong), logits.size(1)).to(logits.dtype());
    return F::binary_cross_entropy_with_logits(logits, hot);
  };
  return criteria;
}

struct Batch {
  torch::Tensor features;
  torch::Tensor labels; // int32, straight from the CSV columns
};

Batch nextBatch(int64_t n, int64_t dim, int64_t classes) {
  return {torch::randn({n, dim}), torch::randint(0, classes, {n}, torch::kInt)};
}

} // namespace

int main() {
  torch::manual_seed(7);
  const int64_t dim = 20, classes = 6;
  torch::nn::Sequential net(torch::nn::Linear(dim, 32), torch::nn::ReLU(),
                            torch::nn::Linear(32, classes));
  torch::optim::SGD opt(net->parameters(), torch::optim::SGDOptions(0.05).momentum(0.9));
  auto criteria = buildCriteria(0.1);

  for (const std::string name : {"ce", "multilabel"}) {
    const Criterion &criterion = criteria.at(name);
    double last = 0.0;
    for (int step = 0; step < 10; ++step) {
      Batch b = nextBatch(16, dim, classes);
      opt.zero_grad();
      auto loss = criterion(net->forward(b.features), b.labels);
      loss.backward();
      opt.step();
      last = loss.item<double>();
    }
    std::cout << name << " final loss " << last << std::endl;
  }
  return 0;
}
