// scenario: inverse-frequency class weights computed in double on the host and handed to a weighted cross-entropy through a stored loss closure
// tier: 3
// family: loss-target-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>

#include <cstdint>
#include <functional>
#include <iostream>
#include <map>
#include <vector>

namespace {

// Host-side statistics: counts per class, weights n / (k * count).
torch::Tensor inverse_frequency_weights(const std::vector<int> &labels, int num_classes) {
  std::map<int, int64_t> counts;
  for (int y : labels)
    ++counts[y];
  std::vector<double> weights(num_classes, 1.0);
  const double n = static_cast<double>(labels.size());
  for (const auto &kv : counts)
    weights[kv.first] = n / (num_classes * static_cast<double>(kv.second));
  return torch::tensor(weights); // default dtype: float32
}

using LossFn = std::function<torch::Tensor(const torch::Tensor &, const torch::Tensor &)>;

LossFn make_weighted_ce(torch::Tensor weight) {
  namespace F = torch::nn::functional;
  return [weight](const torch::Tensor &logits, const torch::Tensor &target) {
    return F::cross_entropy(logits, target, F::CrossEntropyFuncOptions().weight(weight));
  };
}

double evaluate(torch::nn::Linear model, const torch::Tensor &x, const torch::Tensor &y,
                const LossFn &loss_fn) {
  torch::NoGradGuard no_grad;
  return loss_fn(model->forward(x), y).item<double>();
}

} // namespace

int main() {
  torch::manual_seed(8);
  const int num_classes = 3;
  std::vector<int> labels = {0, 0, 0, 0, 1, 2, 2, 0};

  torch::Tensor weight = inverse_frequency_weights(labels, num_classes);
  torch::Tensor targets = torch::tensor(labels); // int on the host, int64 here
  torch::Tensor inputs = torch::randn({static_cast<int64_t>(labels.size()), 4});

  torch::nn::Linear model(4, num_classes);
  torch::optim::SGD opt(model->parameters(), torch::optim::SGDOptions(0.5));
  LossFn loss_fn = make_weighted_ce(weight);

  for (int step = 0; step < 5; ++step) {
    opt.zero_grad();
    torch::Tensor loss = loss_fn(model->forward(inputs), targets);
    loss.backward();
    opt.step();
  }
  std::cout << "weights " << weight << "\nfinal loss "
            << evaluate(model, inputs, targets, loss_fn) << "\n";
  return 0;
}
