// scenario: a tokenizer emits int32 ids (dtype picked from a config string) that feed an embedding lookup
// tier: 1
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <map>
#include <string>
#include <vector>

int main() {
  torch::manual_seed(11);
  const std::map<std::string, torch::ScalarType> kDtypeByName = {
      {"int32", torch::kInt32},
      {"int64", torch::kInt64},
      {"float32", torch::kFloat32},
      {"float16", torch::kFloat16},
  };

  // What the serving config says: ids are packed as int32 to halve the
  // size of the request payload.
  const std::string id_dtype_name = "int32";
  const std::string act_dtype_name = "float32";
  auto id_dtype = kDtypeByName.at(id_dtype_name);
  auto act_dtype = kDtypeByName.at(act_dtype_name);

  const int64_t vocab_size = 5000;
  const int64_t hidden = 64;
  torch::nn::Embedding token_embedding(
      torch::nn::EmbeddingOptions(vocab_size, hidden).padding_idx(0));
  torch::nn::LayerNorm norm(torch::nn::LayerNormOptions({hidden}));

  std::vector<std::vector<int32_t>> requests = {
      {101, 2023, 2003, 1037, 3231, 102},
      {101, 4937, 102, 0, 0, 0},
  };
  std::vector<int32_t> flat;
  for (const auto& r : requests)
    flat.insert(flat.end(), r.begin(), r.end());
  auto ids = torch::tensor(flat).to(id_dtype).view({2, 6});

  auto mask = ids.ne(0).to(act_dtype).unsqueeze(-1);
  auto tokens = token_embedding->forward(ids);
  auto pooled = (norm->forward(tokens) * mask).sum(1) / mask.sum(1);

  std::cout << "ids dtype " << ids.dtype() << ", pooled " << pooled.sizes()
            << " " << pooled.dtype() << "\n";
  return 0;
}
