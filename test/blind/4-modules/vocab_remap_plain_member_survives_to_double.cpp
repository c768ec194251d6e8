// scenario: text classifier evaluated in float64; the raw-id to vocab-id remap table is a plain int64 member (rebuilt from the vocabulary, never registered), so to(kDouble) leaves it int64
// tier: 4
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <map>
#include <vector>

struct BagOfWordsClassifierImpl : torch::nn::Module {
  BagOfWordsClassifierImpl(const std::map<int64_t, int64_t>& raw_to_vocab,
                           int64_t max_raw_id, int64_t dim, int64_t classes) {
    // Unknown raw ids map to vocab slot 0.
    remap_ = torch::zeros({max_raw_id + 1}, torch::kLong);
    for (const auto& kv : raw_to_vocab)
      remap_[kv.first] = kv.second;
    int64_t vocab = static_cast<int64_t>(raw_to_vocab.size()) + 1;
    embed_ = register_module("embed", torch::nn::Embedding(vocab, dim));
    out_ = register_module("out", torch::nn::Linear(dim, classes));
    register_buffer("class_prior", torch::full({classes}, 1.0 / classes));
  }

  // raw_ids: [B, T] int64 ids from the tokenizer
  torch::Tensor forward(const torch::Tensor& raw_ids) {
    auto ids = remap_.index_select(0, raw_ids.flatten()).view_as(raw_ids);
    auto pooled = embed_(ids).mean(/*dim=*/1);
    auto prior = named_buffers()["class_prior"];
    return torch::log_softmax(out_(pooled), 1) + prior.log();
  }

  torch::Tensor remap_;
  torch::nn::Embedding embed_{nullptr};
  torch::nn::Linear out_{nullptr};
};
TORCH_MODULE(BagOfWordsClassifier);

int main() {
  torch::manual_seed(5);
  std::map<int64_t, int64_t> raw_to_vocab{{3, 1}, {17, 2}, {42, 3}, {99, 4}};
  BagOfWordsClassifier model(raw_to_vocab, /*max_raw_id=*/128, /*dim=*/8, /*classes=*/3);
  model->eval();
  model->to(torch::kDouble);  // calibration is computed in float64

  torch::NoGradGuard no_grad;
  auto batch = torch::tensor({{3, 17, 42, 5}, {99, 99, 3, 120}}, torch::kLong);
  auto log_probs = model->forward(batch);
  std::cout << "log-probs dtype " << log_probs.dtype() << "\n" << log_probs << "\n";
  return log_probs.scalar_type() == torch::kDouble ? 0 : 1;
}
