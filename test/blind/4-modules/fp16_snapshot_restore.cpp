// scenario: keeps compact fp16 snapshots of a CPU tagger's weights and restores the best one for evaluation
// tier: 4
// family: half-on-cpu
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <map>
#include <string>

namespace nn = torch::nn;

struct TaggerImpl : nn::Module {
  TaggerImpl(int64_t vocab, int64_t dim, int64_t tags) {
    embed = register_module("embed", nn::Embedding(vocab, dim));
    proj = register_module("proj", nn::Linear(dim, tags));
  }
  torch::Tensor forward(const torch::Tensor &tokens) { return proj(torch::tanh(embed(tokens))); }
  nn::Embedding embed{nullptr};
  nn::Linear proj{nullptr};
};
TORCH_MODULE(Tagger);

using Snapshot = std::map<std::string, torch::Tensor>;

class SnapshotPolicy {
public:
  SnapshotPolicy &storage_dtype(torch::Dtype dtype) {
    storage_dtype_ = dtype;
    return *this;
  }
  SnapshotPolicy &min_improvement(double delta) {
    min_improvement_ = delta;
    return *this;
  }
  torch::Dtype storage_dtype() const { return storage_dtype_; }
  bool should_keep(double acc, double best) const { return acc > best + min_improvement_; }

private:
  torch::Dtype storage_dtype_ = torch::kFloat;
  double min_improvement_ = 0.0;
};

static Snapshot take_snapshot(Tagger &model, const SnapshotPolicy &policy) {
  Snapshot snap;
  for (const auto &item : model->named_parameters())
    snap[item.key()] = item.value().detach().to(policy.storage_dtype());
  return snap;
}

static void restore_snapshot(Tagger &model, const Snapshot &snap) {
  torch::NoGradGuard no_grad;
  for (auto &item : model->named_parameters())
    item.value().copy_(snap.at(item.key()));
}

static double evaluate(Tagger &model, const torch::Tensor &tokens, const torch::Tensor &tags) {
  torch::NoGradGuard no_grad;
  auto pred = model->forward(tokens).argmax(-1);
  return (pred == tags).to(torch::kDouble).mean().item<double>();
}

int main() {
  torch::manual_seed(6);
  const int64_t vocab = 50, dim = 16, num_tags = 4;
  Tagger model(vocab, dim, num_tags);
  torch::optim::Adam opt(model->parameters(), torch::optim::AdamOptions(2e-2));

  // The tag of a token is a fixed function of its id.
  auto tokens = torch::randint(0, vocab, {32, 12});
  auto tags = tokens.remainder(num_tags);

  auto policy = SnapshotPolicy().storage_dtype(torch::kHalf).min_improvement(1e-3);
  Snapshot best;
  double best_acc = -1.0;
  for (int epoch = 0; epoch < 15; ++epoch) {
    auto logits = model->forward(tokens);
    auto loss = torch::nn::functional::cross_entropy(logits.view({-1, num_tags}), tags.view({-1}));
    opt.zero_grad();
    loss.backward();
    opt.step();

    double acc = evaluate(model, tokens, tags);
    if (policy.should_keep(acc, best_acc)) {
      best_acc = acc;
      best = take_snapshot(model, policy);
    }
  }

  size_t bytes = 0;
  for (const auto &kv : best)
    bytes += kv.second.numel() * kv.second.element_size();

  // Perturb, then bring the best weights back.
  {
    torch::NoGradGuard no_grad;
    for (auto &p : model->parameters())
      p.add_(torch::randn_like(p));
  }
  restore_snapshot(model, best);
  double restored = evaluate(model, tokens, tags);

  std::cout << "best acc " << best_acc << " restored acc " << restored << " snapshot bytes "
            << bytes << " param dtype " << model->proj->weight.dtype() << "\n";
  return restored > 0.9 * best_acc ? 0 : 1;
}
