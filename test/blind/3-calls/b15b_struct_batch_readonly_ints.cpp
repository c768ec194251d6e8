// scenario: a sequence tagger whose Batch struct carries uint8 token features and int64 labels and lengths; helpers dequantise the features, build a bool padding mask from the lengths and feed the int64 labels, read only, to nll_loss
// tier: 3
// family: loss-target-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

struct Batch {
  torch::Tensor features; // [B, T, F] uint8 quantised features
  torch::Tensor labels;   // [B, T] int64 tag ids
  torch::Tensor lengths;  // [B] int64
};

static Batch make_batch(int64_t b, int64_t t, int64_t f, int64_t tags) {
  return {torch::randint(0, 256, {b, t, f}, torch::kByte),
          torch::randint(0, tags, {b, t}, torch::kLong),
          torch::tensor({t, t - 2, int64_t{3}}, torch::kLong).narrow(0, 0, b)};
}

static torch::Tensor padding_mask(const Batch &batch) {
  auto positions = torch::arange(batch.labels.size(1), torch::kLong);
  return positions.unsqueeze(0) < batch.lengths.unsqueeze(1); // [B, T] bool
}

static torch::Tensor dequantise(const Batch &batch) {
  return batch.features.to(torch::kFloat).sub(128.0).div(64.0);
}

static torch::Tensor masked_nll(const torch::Tensor &log_probs, const Batch &batch) {
  auto flat_logp = log_probs.flatten(0, 1);
  auto flat_labels = batch.labels.flatten();
  auto per_token = torch::nll_loss(flat_logp, flat_labels, {}, at::Reduction::None);
  auto mask = padding_mask(batch).flatten().to(per_token.scalar_type());
  return (per_token * mask).sum() / batch.lengths.sum().to(torch::kFloat);
}

int main() {
  torch::manual_seed(13);
  const int64_t tags = 5, feats = 6;
  Batch batch = make_batch(3, 7, feats, tags);
  auto weight = torch::randn({feats, tags}, torch::requires_grad());

  auto x = dequantise(batch);
  auto log_probs = torch::log_softmax(torch::matmul(x, weight), -1);
  auto loss = masked_nll(log_probs, batch);
  loss.backward();

  auto tokens = padding_mask(batch).sum().item<int64_t>();
  std::cout << "loss " << loss.item<float>() << " over " << tokens << " tokens, grad "
            << weight.grad().norm().item<float>() << "\n";
  return tokens == batch.lengths.sum().item<int64_t>() ? 0 : 1;
}
