// scenario: language-model loss helper receives int32 target ids from the tokenizer helper
// tier: 3
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Long but found Int
#include <torch/torch.h>
#include <iostream>
#include <string>
#include <vector>

namespace F = torch::nn::functional;

// Byte-level tokenizer: ids fit in int32, which is what the export format uses.
torch::Tensor tokenize(const std::string &text) {
  std::vector<int32_t> ids(text.begin(), text.end());
  return torch::tensor(ids, torch::kInt);
}

torch::Tensor next_token_loss(const torch::Tensor &logits, const torch::Tensor &targets) {
  return F::cross_entropy(logits, targets); // BUG
}

int main() {
  torch::manual_seed(0);
  auto ids = tokenize("hello libtorch");
  auto inputs = ids.slice(0, 0, ids.size(0) - 1);
  auto targets = ids.slice(0, 1);
  torch::nn::Embedding embed(256, 16);
  torch::nn::Linear lm_head(16, 256);
  auto logits = lm_head(embed(inputs));
  auto loss = next_token_loss(logits, targets);
  std::cout << loss.item<float>() << "\n";
  return 0;
}
