// scenario: a softmax kernel takes an optional output buffer; the caller fetches it from a workspace pool keyed only by shape, which hands back the int64 buffer last used for token ids, and exp_out writes into it
// tier: 2
// family: out-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: result type Float can't be cast to the desired output type Long
#include <torch/torch.h>
#include <iostream>
#include <map>
#include <optional>
#include <vector>

class WorkspacePool {
 public:
  // Reuses any buffer with the same shape; callers are trusted to know what they put in.
  torch::Tensor& get(const std::vector<int64_t>& shape, const torch::TensorOptions& opts) {
    auto it = buffers_.find(shape);
    if (it == buffers_.end()) {
      it = buffers_.emplace(shape, torch::empty(shape, opts)).first;
    }
    return it->second;
  }

 private:
  std::map<std::vector<int64_t>, torch::Tensor> buffers_;
};

torch::Tensor stable_softmax(const torch::Tensor& logits, std::optional<torch::Tensor> out = std::nullopt) {
  torch::Tensor shifted = logits - std::get<0>(logits.max(-1, /*keepdim=*/true));
  torch::Tensor numer;
  if (out.has_value()) {
    numer = torch::exp_out(*out, shifted); // BUG
  } else {
    numer = torch::exp(shifted);
  }
  return numer / numer.sum(-1, /*keepdim=*/true);
}

int main() {
  torch::manual_seed(149);
  WorkspacePool pool;
  const std::vector<int64_t> shape = {2, 6};

  torch::Tensor& ids = pool.get(shape, torch::TensorOptions().dtype(torch::kLong));
  ids.copy_(torch::randint(0, 100, {2, 6}, torch::kLong)); // tokenizer output staged here

  torch::Tensor logits = torch::randn({2, 6});
  torch::Tensor probs_plain = stable_softmax(logits);
  torch::Tensor probs = stable_softmax(logits, pool.get(shape, logits.options()));
  std::cout << "max diff " << (probs - probs_plain).abs().max().item<float>() << "\n";
  return 0;
}
