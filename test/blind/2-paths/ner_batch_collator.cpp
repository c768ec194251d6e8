// scenario: a named-entity tagger's collator pads short sentences' tag ids with an ignore index and trains on the batch
// tier: 2
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Long but found Float
#include <torch/torch.h>
#include <iostream>
#include <string>
#include <vector>

namespace F = torch::nn::functional;

namespace {

constexpr int64_t kNumTags = 9;      // O, B-PER, I-PER, B-ORG, ...
constexpr double kIgnoreIndex = -100; // matches the Python reference trainer

struct Sentence {
  std::vector<int64_t> token_ids;
  std::vector<int64_t> tag_ids;
};

struct Batch {
  torch::Tensor tokens; // [B, T]
  torch::Tensor tags;   // [B, T]
};

Batch collate(const std::vector<Sentence> &sentences) {
  size_t max_len = 0;
  for (const auto &s : sentences) max_len = std::max(max_len, s.token_ids.size());

  std::vector<torch::Tensor> tokens, tags;
  for (const auto &s : sentences) {
    auto tok = torch::tensor(s.token_ids);
    auto tag = torch::tensor(s.tag_ids);
    const int64_t pad = static_cast<int64_t>(max_len - s.token_ids.size());
    if (pad > 0) {
      tok = torch::cat({tok, torch::zeros({pad}, torch::kLong)});
      tag = torch::cat({tag, torch::full({pad}, kIgnoreIndex)});
    }
    tokens.push_back(tok);
    tags.push_back(tag);
  }
  return {torch::stack(tokens), torch::stack(tags)};
}

struct TaggerImpl : torch::nn::Module {
  TaggerImpl(int64_t vocab, int64_t dim)
      : embed(register_module("embed", torch::nn::Embedding(vocab, dim))),
        out(register_module("out", torch::nn::Linear(dim, kNumTags))) {}
  torch::Tensor forward(const torch::Tensor &tokens) { return out(torch::tanh(embed(tokens))); }
  torch::nn::Embedding embed;
  torch::nn::Linear out;
};
TORCH_MODULE(Tagger);

} // namespace

int main() {
  std::vector<Sentence> corpus = {
      {{11, 42, 7, 99, 3}, {0, 1, 2, 0, 0}},
      {{5, 18, 63}, {3, 4, 0}},
      {{8, 21, 34, 55, 89}, {0, 0, 5, 6, 0}},
  };
  Tagger tagger(128, 32);
  torch::optim::Adam opt(tagger->parameters(), 1e-3);

  Batch batch = collate(corpus);
  auto logits = tagger(batch.tokens); // [B, T, C]
  auto loss = F::cross_entropy(logits.view({-1, kNumTags}), batch.tags.view({-1}), F::CrossEntropyFuncOptions().ignore_index(-100)); // BUG
  opt.zero_grad();
  loss.backward();
  opt.step();
  std::cout << "tagger loss " << loss.item<float>() << "\n";
  return 0;
}
