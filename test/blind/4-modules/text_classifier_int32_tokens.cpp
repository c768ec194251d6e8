// scenario: a bag-of-embeddings text classifier trained in double precision on int32 token ids and int32 offsets from the tokenizer
// tier: 4
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <cstdint>
#include <iostream>
#include <vector>

struct BagClassifierImpl : torch::nn::Module {
  BagClassifierImpl(int64_t vocab, int64_t dim, int64_t classes)
      : bag(torch::nn::EmbeddingBagOptions(vocab, dim).mode(torch::kMean)),
        title(vocab, dim), norm(torch::nn::LayerNormOptions({2 * dim})),
        head(2 * dim, classes) {
    register_module("bag", bag);
    register_module("title", title);
    register_module("norm", norm);
    register_module("head", head);
  }

  torch::Tensor forward(const torch::Tensor &body_ids, const torch::Tensor &offsets,
                        const torch::Tensor &title_ids) {
    torch::Tensor body = bag->forward(body_ids, offsets);
    torch::Tensor ttl = title->forward(title_ids).mean(1);
    return head->forward(norm->forward(torch::cat({body, ttl}, 1)));
  }

  torch::nn::EmbeddingBag bag;
  torch::nn::Embedding title;
  torch::nn::LayerNorm norm;
  torch::nn::Linear head;
};
TORCH_MODULE(BagClassifier);

int main() {
  torch::manual_seed(14);
  const int64_t vocab = 100, dim = 16, classes = 3;
  BagClassifier model(vocab, dim, classes);
  model->to(torch::kDouble);

  // Token ids and offsets exactly as the tokenizer emits them: int32.
  std::vector<int32_t> body = {4, 8, 15, 16, 23, 42, 7, 7, 9, 1, 2, 3, 5, 8};
  std::vector<int32_t> offsets = {0, 4, 6, 10};
  std::vector<int32_t> titles = {11, 12, 13, 21, 22, 23, 31, 32, 33, 41, 42, 43};
  torch::Tensor body_ids = torch::from_blob(body.data(), {14}, torch::kInt);
  torch::Tensor offset_ids = torch::from_blob(offsets.data(), {4}, torch::kInt);
  torch::Tensor title_ids = torch::from_blob(titles.data(), {4, 3}, torch::kInt);
  torch::Tensor labels = torch::tensor({0, 2, 1, 2}, torch::kLong);

  torch::optim::Adam opt(model->parameters(), torch::optim::AdamOptions(1e-2));
  double last = 0.0;
  for (int epoch = 0; epoch < 5; ++epoch) {
    opt.zero_grad();
    torch::Tensor logits = model->forward(body_ids, offset_ids, title_ids);
    torch::Tensor loss = torch::nn::functional::cross_entropy(logits, labels);
    loss.backward();
    opt.step();
    last = loss.item<double>();
  }
  std::cout << "final loss " << last << " dtype "
            << model->head->weight.scalar_type() << "\n";
  return 0;
}
