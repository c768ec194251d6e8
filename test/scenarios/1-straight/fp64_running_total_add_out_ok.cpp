// scenario: a metric aggregator adds a float32 batch into a float64 running total with add_out; the out dtype may be wider than the inputs' result type
// tier: 1
// family: out-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

int main() {
  torch::manual_seed(0);
  auto total = torch::zeros({3, 3}, torch::kDouble);
  auto confusion_batch = torch::randint(0, 20, {3, 3}).to(torch::kFloat);
  at::add_out(total, total, confusion_batch);
  auto per_class = torch::empty({3}, torch::kDouble);
  at::sum_out(per_class, confusion_batch, {1});
  auto recall = total.diag() / per_class;
  recall = recall.nan_to_num(0.0); // classes without samples
  std::cout << "recall " << recall << "\n";
  return 0;
}
