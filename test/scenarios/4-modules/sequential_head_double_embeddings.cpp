// scenario: an nn::Sequential head receives sentence embeddings that an averaging helper produced in float64
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>
#include <iostream>
#include <vector>

// Mean of word vectors, accumulated in double to avoid drift on long documents.
torch::Tensor sentence_embedding(const std::vector<torch::Tensor> &words) {
  auto acc = torch::zeros({words.front().size(0)}, torch::kDouble);
  for (const auto &w : words)
    acc += w;
  return acc / static_cast<double>(words.size());
}

int main() {
  torch::manual_seed(0);
  torch::nn::Sequential head(torch::nn::Linear(8, 16), torch::nn::ReLU(),
                             torch::nn::Dropout(0.1), torch::nn::Linear(16, 3));
  head->eval();
  std::vector<torch::Tensor> batch;
  for (int s = 0; s < 4; ++s) {
    std::vector<torch::Tensor> words;
    for (int w = 0; w < 5 + s; ++w)
      words.push_back(torch::randn({8}));
    batch.push_back(sentence_embedding(words));
  }
  auto x = torch::stack(batch);
  auto logits = head->forward(x); // BUG
  std::cout << logits.argmax(1) << "\n";
  return 0;
}
