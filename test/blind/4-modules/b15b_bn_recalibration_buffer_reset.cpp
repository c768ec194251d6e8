// scenario: recalibrates the BatchNorm statistics of an embedding+BatchNorm1d tagger for a new domain: buffers are snapshotted, reset by name (running_var to 1, the rest, int64 num_batches_tracked included, zeroed), refilled with cumulative-average passes fed int64 ids
// tier: 4
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <map>
#include <string>

struct TaggerImpl : torch::nn::Module {
  torch::nn::Embedding embed{nullptr};
  torch::nn::BatchNorm1d norm{nullptr};
  torch::nn::Linear out{nullptr};
  TaggerImpl(int64_t vocab, int64_t dim) {
    embed = register_module("embed", torch::nn::Embedding(vocab, dim));
    norm = register_module("norm", torch::nn::BatchNorm1d(
                                       torch::nn::BatchNormOptions(dim).momentum(c10::nullopt)));
    out = register_module("out", torch::nn::Linear(dim, 4));
  }
  torch::Tensor forward(const torch::Tensor &ids) { // ids: [B] int64
    return out->forward(norm->forward(embed->forward(ids)));
  }
};
TORCH_MODULE(Tagger);

static bool ends_with(const std::string &s, const std::string &suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

int main() {
  torch::manual_seed(23);
  Tagger tagger(30, 8);
  torch::NoGradGuard no_grad;

  std::map<std::string, torch::Tensor> snapshot;
  for (const auto &item : tagger->named_buffers())
    snapshot[item.key()] = item.value().clone();

  for (auto &item : tagger->named_buffers()) {
    if (ends_with(item.key(), "running_var"))
      item.value().fill_(1);
    else
      item.value().zero_();
  }

  tagger->train();
  const int passes = 6;
  for (int i = 0; i < passes; ++i)
    tagger->forward(torch::randint(0, 30, {16}, torch::kLong));
  tagger->eval();

  int64_t tracked = 0;
  for (const auto &item : tagger->named_buffers()) {
    if (item.key() != "norm.num_batches_tracked")
      continue;
    tracked = item.value().item<int64_t>();
    auto before = snapshot.at(item.key());
    std::cout << "num_batches_tracked " << before.item<int64_t>() << " -> " << tracked << "\n";
  }
  auto drift = (tagger->norm->running_mean - snapshot.at("norm.running_mean")).abs().max();
  auto logits = tagger->forward(torch::tensor({1, 2, 3}, torch::kLong));
  std::cout << "mean drift " << drift.item<float>() << " logits " << logits.sizes() << "\n";
  return tracked == passes && logits.scalar_type() == torch::kFloat ? 0 : 1;
}
