// scenario: an evaluation loop whose accumulate lambda and stored reducers are called with int64 confusion counts on some calls and float loss sums on others, never mixing the two in one call
// tier: 3
// family: inplace-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <functional>
#include <iostream>
#include <map>
#include <string>

using Reducer = std::function<void(torch::Tensor &, const torch::Tensor &)>;

int main() {
  torch::manual_seed(4);
  const int64_t classes = 3, batch = 10;

  auto accumulate = [](torch::Tensor &total, const torch::Tensor &batch_part) {
    total.add_(batch_part.sum(0));
  };
  std::map<std::string, Reducer> reducers{
      {"sum", [](torch::Tensor &acc, const torch::Tensor &x) { acc.add_(x); }},
      {"max", [](torch::Tensor &acc, const torch::Tensor &x) { acc.copy_(torch::maximum(acc, x)); }}};

  auto per_class_hits = torch::zeros({classes}, torch::kLong);
  auto per_class_loss = torch::zeros({classes});
  auto confusion = torch::zeros({classes, classes}, torch::kLong);
  auto worst_loss = torch::zeros({});
  auto seen = torch::zeros({}, torch::kLong);

  for (int step = 0; step < 4; ++step) {
    auto logits = torch::randn({batch, classes});
    auto labels = torch::randint(0, classes, {batch}, torch::kLong);
    auto preds = logits.argmax(1);
    auto losses = torch::nn::functional::cross_entropy(
        logits, labels, torch::nn::functional::CrossEntropyFuncOptions().reduction(torch::kNone));

    auto onehot = torch::one_hot(labels, classes); // int64
    accumulate(per_class_hits, onehot * preds.eq(labels).unsqueeze(1));
    accumulate(per_class_loss, onehot.to(torch::kFloat) * losses.unsqueeze(1));

    confusion.index_put_({labels, preds}, torch::ones_like(labels), /*accumulate=*/true);
    reducers.at("max")(worst_loss, losses.max());
    reducers.at("sum")(seen, torch::tensor(batch, torch::kLong));
  }

  auto accuracy = per_class_hits.sum().to(torch::kFloat) / seen.to(torch::kFloat);
  std::cout << "confusion\n" << confusion << "\naccuracy " << accuracy.item<float>()
            << " worst " << worst_loss.item<float>() << "\n";
  return confusion.sum().item<int64_t>() == seen.item<int64_t>() ? 0 : 1;
}
