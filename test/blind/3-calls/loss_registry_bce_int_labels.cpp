// scenario: a trainer looks its loss up by name in a registry of std::function losses; the "bce" lambda captures a pos_weight and gets the dataset's int64 click labels as its target
// tier: 3
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: result type Float can't be cast to the desired output type Long
#include <torch/torch.h>

#include <functional>
#include <iostream>
#include <map>
#include <string>

namespace F = torch::nn::functional;

using LossFn = std::function<torch::Tensor(const torch::Tensor &, const torch::Tensor &)>;

struct ClickBatch {
  torch::Tensor features;
  torch::Tensor clicked; // 0/1 per impression
};

std::map<std::string, LossFn> make_loss_registry(const torch::Tensor &pos_weight) {
  std::map<std::string, LossFn> registry;
  registry["mse"] = [](const torch::Tensor &pred, const torch::Tensor &target) {
    return F::mse_loss(pred, target.to(pred.scalar_type()));
  };
  registry["bce"] = [pos_weight](const torch::Tensor &logits, const torch::Tensor &target) {
    auto opts = F::BinaryCrossEntropyWithLogitsFuncOptions().pos_weight(pos_weight);
    return F::binary_cross_entropy_with_logits(logits, target, opts); // BUG
  };
  return registry;
}

ClickBatch load_batch(int64_t n, int64_t dim) {
  return {torch::randn({n, dim}), torch::randint(0, 2, {n, 1})};
}

float train_step(torch::nn::Linear &model, torch::optim::Optimizer &opt,
                 const LossFn &loss_fn, const ClickBatch &batch) {
  opt.zero_grad();
  auto logits = model(batch.features);
  auto loss = loss_fn(logits, batch.clicked);
  loss.backward();
  opt.step();
  return loss.item<float>();
}

int main() {
  torch::manual_seed(11);
  const std::string loss_name = "bce";
  // clicks are rare: weight positives by the negative/positive ratio
  auto pos_weight = torch::full({1}, 9.0);
  auto losses = make_loss_registry(pos_weight);

  torch::nn::Linear ctr_model(16, 1);
  torch::optim::SGD opt(ctr_model->parameters(), torch::optim::SGDOptions(0.05));
  const auto &loss_fn = losses.at(loss_name);
  for (int step = 0; step < 5; ++step) {
    auto batch = load_batch(32, 16);
    std::cout << "step " << step << " loss " << train_step(ctr_model, opt, loss_fn, batch) << "\n";
  }
  return 0;
}
