// scenario: an evaluation loop copies autocast (bfloat16) logits into slices of a float32 epoch buffer and accumulates a float32 running sum with add_; both in-place writes cast the source
// tier: 5
// family: inplace-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

int main() {
  torch::manual_seed(0);
  torch::NoGradGuard no_grad;
  torch::nn::Sequential model(torch::nn::Linear(30, 64), torch::nn::ReLU(), torch::nn::Linear(64, 10));
  const int64_t batch = 25, batches = 4;

  auto all_logits = torch::empty({batch * batches, 10});
  auto logit_sum = torch::zeros({10});
  for (int64_t b = 0; b < batches; ++b) {
    auto x = torch::randn({batch, 30});
    at::autocast::set_cpu_enabled(true);
    auto logits = model->forward(x);
    at::autocast::set_cpu_enabled(false);

    using torch::indexing::Slice;
    all_logits.index_put_({Slice(b * batch, (b + 1) * batch)}, logits);
    logit_sum.add_(logits.sum(0));
  }
  auto mean_logits = logit_sum / double(batch * batches);
  auto drift = (all_logits.mean(0) - mean_logits).abs().max();
  std::cout << "logits " << all_logits.sizes() << " drift " << drift.item<float>() << "\n";
  return 0;
}
