// scenario: a word-vector trainer keeps its fp16 embedding table on the CPU and updates it with momentum SGD
// tier: 4
// family: half-on-cpu
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>

#include <iostream>
#include <vector>

namespace {

namespace F = torch::nn::functional;

class SkipGram : public torch::nn::Module {
public:
  SkipGram(int64_t vocab, int64_t dim)
      : in_(register_module("in", torch::nn::Embedding(vocab, dim))),
        bag_(register_module("ctx", torch::nn::EmbeddingBag(
                                        torch::nn::EmbeddingBagOptions(vocab, dim)
                                            .mode(torch::kMean)))) {}

  // Scores each centre word against the mean of its context window.
  torch::Tensor score(const torch::Tensor &centre, const torch::Tensor &context,
                      const torch::Tensor &offsets) {
    torch::Tensor c = in_(centre);                  // Half
    torch::Tensor ctx = bag_(context, offsets);     // Half
    return (c.to(torch::kFloat) * ctx.to(torch::kFloat)).sum(-1);
  }

  torch::Tensor similarity(int64_t a, int64_t b) {
    torch::NoGradGuard g;
    torch::Tensor w = in_->weight;
    torch::Tensor probs = F::softmax(w.index({torch::tensor({a, b})}), F::SoftmaxFuncOptions(1).dtype(torch::kFloat));
    return F::cosine_similarity(probs[0].unsqueeze(0), probs[1].unsqueeze(0),
                                F::CosineSimilarityFuncOptions().dim(1));
  }

private:
  torch::nn::Embedding in_;
  torch::nn::EmbeddingBag bag_;
};

} // namespace

int main() {
  torch::manual_seed(8);
  auto model = std::make_shared<SkipGram>(500, 24);
  model->to(torch::kHalf);
  torch::optim::SGD opt(model->parameters(),
                        torch::optim::SGDOptions(0.05).momentum(0.9).weight_decay(1e-5));

  for (int step = 0; step < 4; ++step) {
    torch::Tensor centre = torch::randint(0, 500, {16}, torch::kLong);
    torch::Tensor context = torch::randint(0, 500, {64}, torch::kLong);
    torch::Tensor offsets = torch::arange(0, 64, 4, torch::kLong);
    torch::Tensor label = torch::randint(0, 2, {16}).to(torch::kFloat);
    opt.zero_grad();
    torch::Tensor loss = F::binary_cross_entropy_with_logits(
        model->score(centre, context, offsets), label);
    loss.backward();
    opt.step();
    std::cout << "step " << step << " loss " << loss.item<float>() << "\n";
  }
  std::cout << "sim(3, 7) = " << model->similarity(3, 7).item<float>() << "\n";
  return 0;
}
