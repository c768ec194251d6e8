// scenario: a text classifier wires its stages through a std::map of AnyModule by name; the tokenizer emits int32 ids, which the Embedding stage accepts as indices
// tier: 4
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <map>
#include <string>
#include <vector>

struct MeanPoolImpl : torch::nn::Module {
  torch::Tensor forward(torch::Tensor x) { return x.mean(1); }
};
TORCH_MODULE(MeanPool);

std::vector<int32_t> tokenize(const std::string& text, int32_t vocab) {
  std::vector<int32_t> ids;
  for (char c : text) ids.push_back(static_cast<int32_t>(static_cast<unsigned char>(c)) % vocab);
  return ids;
}

class StagedClassifier {
 public:
  StagedClassifier(int64_t vocab, int64_t dim, int64_t classes) {
    stages_["1_embed"] = torch::nn::AnyModule(torch::nn::Embedding(vocab, dim));
    stages_["2_pool"] = torch::nn::AnyModule(MeanPool());
    stages_["3_proj"] = torch::nn::AnyModule(torch::nn::Linear(dim, dim));
    stages_["4_head"] = torch::nn::AnyModule(torch::nn::Linear(dim, classes));
  }

  torch::Tensor forward(torch::Tensor x) {
    for (auto& [name, stage] : stages_) { // ordered by the numeric prefix
      x = stage.forward(x);
      if (name == "3_proj") x = torch::tanh(x);
    }
    return x;
  }

 private:
  std::map<std::string, torch::nn::AnyModule> stages_;
};

int main() {
  torch::manual_seed(8);
  const int32_t vocab = 64;
  StagedClassifier model(vocab, 12, 4);

  std::vector<int32_t> a = tokenize("refund please", vocab);
  std::vector<int32_t> b = tokenize("love the app!", vocab);
  auto as_ids = [](std::vector<int32_t>& v) {
    return torch::from_blob(v.data(), {static_cast<int64_t>(v.size())}, torch::kInt32);
  };
  torch::Tensor ids = torch::stack({as_ids(a), as_ids(b)}); // int32 [2, 13]

  torch::NoGradGuard no_grad;
  torch::Tensor logits = model.forward(ids);
  std::cout << "ids " << ids.dtype() << " logits " << logits.sizes() << " pred "
            << logits.argmax(1) << "\n";
  return 0;
}
