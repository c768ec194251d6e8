// scenario: a C-ABI inference wrapper writes class ids into a caller-owned int32 output buffer through argmax's out= variant
// tier: 3
// family: out-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Expected out tensor to have dtype long int, but got int instead
#include <torch/torch.h>
#include <cstdint>
#include <iostream>
#include <vector>

namespace {

struct OutputBuffers {
  std::vector<int32_t> class_ids;
  std::vector<float> confidences;
};

void best_class(const torch::Tensor &logits, torch::Tensor &ids_out, torch::Tensor &conf_out) {
  auto probs = torch::softmax(logits, 1);
  torch::amax_out(conf_out, probs, {1});
  torch::argmax_out(ids_out, probs, 1); // BUG
}

void run_batch(torch::nn::Linear &head, const torch::Tensor &features, OutputBuffers &out) {
  const int64_t n = features.size(0);
  out.class_ids.resize(static_cast<size_t>(n));
  out.confidences.resize(static_cast<size_t>(n));
  // wrap the caller's memory so no copy is needed on the way out
  auto ids_view = torch::from_blob(out.class_ids.data(), {n}, torch::kInt32);
  auto conf_view = torch::from_blob(out.confidences.data(), {n}, torch::kFloat32);
  torch::NoGradGuard no_grad;
  best_class(head(features), ids_view, conf_view);
}

} // namespace

int main() {
  torch::manual_seed(11);
  torch::nn::Linear head(24, 6);
  OutputBuffers out;
  run_batch(head, torch::randn({5, 24}), out);
  for (size_t i = 0; i < out.class_ids.size(); ++i)
    std::cout << i << ": class " << out.class_ids[i] << " p=" << out.confidences[i] << "\n";
  return 0;
}
