// scenario: a text classifier's Embedding receives int32 token ids straight from the tokenizer; embedding accepts Int as well as Long
// tier: 4
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <string>
#include <vector>

struct TextClassifierImpl : torch::nn::Module {
  TextClassifierImpl(int64_t vocab, int64_t dim, int64_t classes)
      : embed(register_module("embed", torch::nn::Embedding(vocab, dim))),
        fc(register_module("fc", torch::nn::Linear(dim, classes))) {}
  torch::Tensor forward(const torch::Tensor &ids) { return fc(embed(ids).mean(1)); }
  torch::nn::Embedding embed;
  torch::nn::Linear fc;
};
TORCH_MODULE(TextClassifier);

torch::Tensor encode(const std::vector<std::string> &texts, int64_t len) {
  auto ids = torch::zeros({static_cast<int64_t>(texts.size()), len}, torch::kInt);
  for (size_t i = 0; i < texts.size(); ++i)
    for (int64_t j = 0; j < len && j < static_cast<int64_t>(texts[i].size()); ++j)
      ids[i][j] = static_cast<int32_t>(static_cast<unsigned char>(texts[i][j]));
  return ids;
}

int main() {
  torch::manual_seed(0);
  TextClassifier clf(256, 8, 2);
  auto ids = encode({"great movie", "dull plot"}, 12);
  std::cout << ids.dtype() << " " << clf->forward(ids).argmax(1) << "\n";
  return 0;
}
