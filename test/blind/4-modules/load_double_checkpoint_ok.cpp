// scenario: restores a float classifier from a float64 "checkpoint" by copying each named parameter in place
// tier: 4
// family: inplace-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <map>
#include <string>

namespace {

using StateDict = std::map<std::string, torch::Tensor>;

struct TextClassifierImpl : torch::nn::Module {
  TextClassifierImpl(int64_t vocab, int64_t dim, int64_t classes)
      : embed(register_module("embed", torch::nn::EmbeddingBag(
                                           torch::nn::EmbeddingBagOptions(vocab, dim)
                                               .mode(torch::kMean)))),
        fc(register_module("fc", torch::nn::Linear(dim, classes))) {}

  torch::Tensor forward(const torch::Tensor &tokens, const torch::Tensor &offsets) {
    return fc->forward(embed->forward(tokens, offsets));
  }

  torch::nn::EmbeddingBag embed{nullptr};
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(TextClassifier);

// The exporter wrote every tensor as float64 (numpy default).
StateDict fakeExportedCheckpoint(TextClassifier &model) {
  StateDict sd;
  for (const auto &item : model->named_parameters())
    sd[item.key()] = torch::randn(item.value().sizes(), torch::kDouble) * 0.05;
  return sd;
}

int loadInto(TextClassifier &model, const StateDict &sd) {
  torch::NoGradGuard noGrad;
  int loaded = 0;
  for (auto &item : model->named_parameters()) {
    auto it = sd.find(item.key());
    if (it == sd.end()) {
      std::cerr << "missing " << item.key() << std::endl;
      continue;
    }
    // copy_ converts float64 -> float32 while writing into the parameter.
    item.value().copy_(it->second);
    ++loaded;
  }
  return loaded;
}

} // namespace

int main() {
  torch::manual_seed(5);
  TextClassifier model(1000, 32, 4);
  auto sd = fakeExportedCheckpoint(model);
  int n = loadInto(model, sd);

  model->eval();
  auto tokens = torch::randint(0, 1000, {20}, torch::kLong);
  auto offsets = torch::tensor({0, 5, 12}, torch::kLong);
  auto logits = model->forward(tokens, offsets);
  auto pred = logits.argmax(1);
  std::cout << "loaded " << n << " tensors, dtype " << model->fc->weight.dtype()
            << ", predictions " << pred << std::endl;
  return (model->fc->weight.scalar_type() == torch::kFloat) ? 0 : 1;
}
