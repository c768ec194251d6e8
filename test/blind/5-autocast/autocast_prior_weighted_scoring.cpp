// scenario: topic scoring under CPU autocast where the topic prior matrix is loaded from a double-precision statistics file
// tier: 5
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type BFloat16 but found Double
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <cstdint>
#include <iostream>
#include <vector>

namespace {

// Topic-by-term prior estimated offline; the statistics job writes doubles.
torch::Tensor load_topic_prior(int64_t terms, int64_t topics) {
  std::vector<double> prior(terms * topics);
  for (int64_t i = 0; i < terms * topics; ++i)
    prior[i] = 1.0 / (1.0 + static_cast<double>((i * 13) % 17));
  torch::Tensor t = torch::from_blob(prior.data(), {terms, topics}, torch::kDouble).clone();
  return t / t.sum(0, /*keepdim=*/true);
}

} // namespace

int main() {
  torch::manual_seed(23);
  const int64_t docs = 10, vocab = 64, hidden = 32, topics = 5;

  torch::nn::Linear encoder(vocab, hidden);
  torch::nn::Linear decoder(hidden, vocab);
  encoder->eval();
  decoder->eval();
  torch::Tensor prior = load_topic_prior(vocab, topics);

  // Bag-of-words counts per document.
  torch::Tensor counts = torch::randint(0, 4, {docs, vocab}).to(torch::kFloat);
  torch::Tensor tf = counts / counts.sum(1, true).clamp_min(1.0);

  torch::NoGradGuard no_grad;
  at::autocast::set_cpu_enabled(true);
  torch::Tensor recon = torch::softmax(decoder->forward(torch::relu(encoder->forward(tf))), 1);
  torch::Tensor topic_scores = torch::mm(recon, prior); // BUG
  at::autocast::set_cpu_enabled(false);
  at::autocast::clear_cache();

  torch::Tensor best = topic_scores.argmax(1);
  std::cout << "topics: " << best << "\n";
  return 0;
}
