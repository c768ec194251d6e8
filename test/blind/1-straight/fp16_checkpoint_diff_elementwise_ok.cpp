// scenario: a checkpoint diff tool compares two float16 weight snapshots on the CPU using only ops that have Half CPU kernels (sub, abs, max, sum, mean, comparisons, where), and widens to float32 before the norm ratio
// tier: 1
// family: half-on-cpu
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

struct Snapshot {
  torch::Tensor weight;
  torch::Tensor bias;
};

int main() {
  torch::manual_seed(157);
  Snapshot before{torch::randn({16, 8}).to(torch::kHalf), torch::randn({16}).to(torch::kHalf)};
  Snapshot after{before.weight + (torch::randn({16, 8}) * 0.01).to(torch::kHalf),
                 before.bias.clone()};

  torch::Tensor delta = after.weight - before.weight;            // Half
  torch::Tensor abs_delta = delta.abs();
  torch::Tensor max_change = abs_delta.max();
  torch::Tensor changed = (abs_delta > 0.005).sum();
  torch::Tensor row_change = abs_delta.mean(1);
  torch::Tensor worst_row = row_change.argmax();
  torch::Tensor clipped = torch::where(abs_delta > 0.02, torch::zeros_like(delta), delta);
  const bool bias_same = torch::equal(after.bias, before.bias);

  // Embedding rows touched by the fine-tune: compare only the rows in the update log.
  torch::Tensor emb_before = torch::randn({10, 4}).to(torch::kHalf);
  torch::Tensor emb_after = emb_before.clone();
  emb_after.narrow(0, 2, 3).add_(0.125);
  torch::Tensor logged_rows = torch::tensor({2, 3, 4, 7}, torch::kLong);
  torch::Tensor row_delta = (emb_after.index_select(0, logged_rows) - emb_before.index_select(0, logged_rows)).abs();
  torch::Tensor untouched = row_delta.amax(1).masked_fill(row_delta.amax(1) > 0, 0).eq(0);
  torch::Tensor all_deltas = torch::cat({abs_delta.reshape({-1}), row_delta.reshape({-1})});

  torch::Tensor ratio = delta.to(torch::kFloat).norm() / before.weight.to(torch::kFloat).norm();
  std::cout << "embedding rows changed " << row_delta.amax(1).gt(0).sum().item<int64_t>()
            << " of " << untouched.size(0) << ", largest delta overall "
            << all_deltas.max().item<float>() << "\n";
  std::cout << "max change " << max_change.item<float>() << ", changed " << changed.item<int64_t>()
            << ", worst row " << worst_row.item<int64_t>() << ", clipped sum "
            << clipped.sum().item<float>() << ", bias unchanged " << bias_same
            << ", relative change " << ratio.item<float>() << "\n";
  return 0;
}
