// scenario: one SGD step of an intent classifier whose labels come out of a tokenizer's int32 id map
// tier: 1
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Long but found Int
#include <torch/torch.h>
#include <iostream>
#include <vector>

namespace F = torch::nn::functional;

int main() {
  torch::manual_seed(42);
  const int64_t vocab = 500, dim = 48, numIntents = 7, batch = 8, seqLen = 12;

  torch::nn::Embedding embed(vocab, dim);
  torch::nn::Linear classifier(dim, numIntents);
  std::vector<torch::Tensor> params = embed->parameters();
  for (auto &p : classifier->parameters())
    params.push_back(p);
  torch::optim::SGD optimizer(params, torch::optim::SGDOptions(0.1).momentum(0.9));

  // Token ids and intent ids as the tokenizer emits them: int32 everywhere.
  auto tokenIds = torch::randint(0, vocab, {batch, seqLen}, torch::kInt);
  std::vector<int32_t> intentIds = {0, 3, 6, 2, 2, 5, 1, 4};
  auto intents = torch::from_blob(intentIds.data(), {batch}, torch::kInt32);
  auto padMask = (tokenIds != 0).unsqueeze(-1).to(torch::kFloat);

  optimizer.zero_grad();
  auto tokens = embed->forward(tokenIds);
  auto pooled = (tokens * padMask).sum(1) / padMask.sum(1).clamp_min(1.0);
  auto logits = classifier->forward(pooled);
  auto loss = F::cross_entropy(logits, intents); // BUG
  loss.backward();
  torch::nn::utils::clip_grad_norm_(params, 1.0);
  optimizer.step();

  auto predicted = logits.argmax(1);
  auto accuracy = predicted.eq(intents).to(torch::kFloat).mean();
  std::cout << "loss " << loss.item<float>() << " acc " << accuracy.item<float>() << std::endl;
  return 0;
}
