// scenario: normalizes float32 batches with whole-set mean and std computed on a float64 reference set, then scores them with a float32 linear model
// tier: 1
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

int main() {
  torch::manual_seed(5);
  const int64_t features = 10, classes = 4;

  auto reference = torch::randn({500, features}, torch::kFloat64) * 2.0 + 1.0;
  auto ref_mean = reference.mean();
  auto ref_std = reference.std();
  auto ref_energy = reference.pow(2).sum() / reference.numel();

  torch::nn::Linear scorer(features, classes);
  scorer->eval();

  auto batch = torch::randn({64, features}) * 2.0 + 1.0;
  auto normalized = (batch - ref_mean) / ref_std;
  auto energy_ratio = batch.pow(2).mean(1, true) / ref_energy;

  torch::NoGradGuard no_grad;
  auto logits = scorer(normalized);
  auto weighted = torch::mm(normalized * energy_ratio, scorer->weight.t());

  auto probs = torch::softmax(logits, 1);
  auto top = probs.topk(2, 1);
  auto top_idx = std::get<1>(top);
  auto runner_up = logits.gather(1, top_idx.narrow(1, 1, 1));
  auto margin = std::get<0>(top).select(1, 0) - probs.gather(1, top_idx.narrow(1, 1, 1)).squeeze(1);

  auto confident = margin > 0.2;
  auto n_confident = confident.sum();
  auto fraction = n_confident / batch.size(0);

  std::cout << "normalized dtype: " << normalized.scalar_type() << "\n";
  std::cout << "weighted logits: " << weighted.sizes() << " runner-up: " << runner_up.sizes() << "\n";
  std::cout << "confident fraction: " << fraction.item<double>() << "\n";
  return 0;
}
