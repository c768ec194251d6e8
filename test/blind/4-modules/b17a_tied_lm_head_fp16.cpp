// scenario: a tiny LM ties its output projection to the token embedding; exporting the head in fp16 converts the shared weight, so the embedding now yields Half into a float32 layer
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>

#include <iostream>
#include <string>

// Output projection that reuses (ties) the embedding matrix, as in
// "Using the Output Embedding to Improve Language Models".
struct TiedProjectionImpl : torch::nn::Module {
  explicit TiedProjectionImpl(torch::Tensor shared_weight) {
    weight = register_parameter("weight", shared_weight);
  }
  torch::Tensor forward(const torch::Tensor &hidden) {
    return torch::nn::functional::linear(hidden, weight);
  }
  torch::Tensor weight;
};
TORCH_MODULE(TiedProjection);

struct TinyLMImpl : torch::nn::Module {
  TinyLMImpl(int64_t vocab, int64_t dim) {
    embed = register_module("embed", torch::nn::Embedding(vocab, dim));
    mixer = register_module("mixer", torch::nn::Linear(dim, dim));
    head = register_module("head", TiedProjection(embed->weight));
  }

  torch::Tensor hidden_states(const torch::Tensor &ids) {
    auto h = embed(ids);
    return torch::tanh(mixer(h)); // BUG
  }

  torch::Tensor forward(const torch::Tensor &ids) {
    return head(hidden_states(ids));
  }

  // The scoring service only needs the logits layer in fp16; the trunk stays
  // in fp32 on the CPU.
  void export_head_fp16() { head->to(torch::kHalf); }

  torch::nn::Embedding embed{nullptr};
  torch::nn::Linear mixer{nullptr};
  TiedProjection head{nullptr};
};
TORCH_MODULE(TinyLM);

torch::Tensor encode(const std::string &text, int64_t vocab) {
  std::vector<int64_t> ids;
  for (unsigned char c : text)
    ids.push_back(static_cast<int64_t>(c) % vocab);
  return torch::tensor(ids, torch::kLong); // [seq_len], one sentence per request
}

int main() {
  torch::manual_seed(0);
  const int64_t vocab = 64;
  TinyLM lm(vocab, 16);
  lm->eval();

  auto ids = encode("hello world", vocab);
  {
    torch::NoGradGuard no_grad;
    auto logits = lm->forward(ids);
    std::cout << "fp32 logits " << logits.sizes() << "\n";
  }

  lm->export_head_fp16();
  std::cout << "exported head as " << lm->head->weight.dtype() << "\n";

  // Sanity check of the exported model: features from the trunk.
  torch::NoGradGuard no_grad;
  auto feats = lm->hidden_states(ids);
  std::cout << "features " << feats.sizes() << "\n";
  return 0;
}
