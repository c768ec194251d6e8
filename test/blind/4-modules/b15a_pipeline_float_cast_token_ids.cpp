// scenario: a preprocessing pipeline applies every registered transform to every field of a batch, its final "as model input" step casting all fields to float, token ids included, before the text encoder's embedding
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Expected tensor for argument #1 'indices' to have one of the following scalar types: Long, Int; but got CPUFloatType instead
#include <torch/torch.h>
#include <functional>
#include <iostream>
#include <map>
#include <string>
#include <vector>

using Fields = std::map<std::string, torch::Tensor>;
using Transform = std::function<torch::Tensor(const torch::Tensor&)>;

struct Pipeline {
  std::vector<Transform> steps;
  Fields operator()(Fields batch) const {
    for (const auto& step : steps)
      for (auto& kv : batch) kv.second = step(kv.second);
    return batch;
  }
};

struct TextEncoderImpl : torch::nn::Module {
  TextEncoderImpl(int64_t vocab, int64_t dim) {
    tok_emb = register_module("tok_emb", torch::nn::Embedding(vocab, dim));
    proj = register_module("proj", torch::nn::Linear(dim + 4, dim));
  }
  torch::Tensor forward(const torch::Tensor& ids, const torch::Tensor& mask, const torch::Tensor& extra) {
    auto tokens = tok_emb(ids); // BUG
    auto summed = (tokens * mask.unsqueeze(-1)).sum(1) / mask.sum(1, true).clamp_min(1.0);
    return proj(torch::cat({summed, extra}, 1));
  }
  torch::nn::Embedding tok_emb{nullptr};
  torch::nn::Linear proj{nullptr};
};
TORCH_MODULE(TextEncoder);

int main() {
  torch::manual_seed(9);
  const int64_t vocab = 500, seq = 10;
  Fields raw;
  raw["input_ids"] = torch::randint(1, vocab, {3, seq});
  raw["attention_mask"] = torch::ones({3, seq}, torch::kLong);
  raw["attention_mask"].narrow(1, 7, 3).zero_();
  raw["extra"] = torch::randn({3, 4}, torch::kDouble);

  Pipeline pipeline;
  pipeline.steps.push_back([](const torch::Tensor& t) { return t.contiguous(); });
  pipeline.steps.push_back([](const torch::Tensor& t) { return t.to(torch::kFloat); });

  Fields batch = pipeline(raw);
  TextEncoder encoder(vocab, 16);
  auto emb = encoder(batch["input_ids"], batch["attention_mask"], batch["extra"]);
  std::cout << "sentence embeddings " << emb.sizes() << "\n";
  return 0;
}
