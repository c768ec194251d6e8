// scenario: checkpoint manager keeps compact float16 snapshots of a CPU model's floating state (int64 counters kept as is) and previews or restores them in float32
// tier: 4
// family: half-on-cpu
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>

#include <map>
#include <string>
#include <vector>

namespace {

struct TaggerImpl : torch::nn::Module {
  TaggerImpl() {
    proj = register_module("proj", torch::nn::Linear(6, 6));
    norm = register_module("norm", torch::nn::BatchNorm1d(6));
    cls = register_module("cls", torch::nn::Linear(6, 2));
  }
  torch::Tensor forward(const torch::Tensor &x) {
    return cls->forward(torch::gelu(norm->forward(proj->forward(x))));
  }
  torch::nn::Linear proj{nullptr};
  torch::nn::BatchNorm1d norm{nullptr};
  torch::nn::Linear cls{nullptr};
};
TORCH_MODULE(Tagger);

class HalfSnapshots {
public:
  void take(const std::string &tag, torch::nn::Module &model) {
    auto &snap = snapshots_[tag];
    snap.clear();
    for (const auto &item : model.named_parameters())
      snap[item.key()] = item.value().detach().to(torch::kHalf);
    for (const auto &item : model.named_buffers()) {
      const auto &v = item.value();
      snap[item.key()] = v.is_floating_point() ? v.to(torch::kHalf) : v.clone();
    }
  }

  // Evaluates the snapshot's classifier layer without touching the model.
  torch::Tensor preview_cls(const std::string &tag, const torch::Tensor &features) const {
    const auto &snap = snapshots_.at(tag);
    auto w = snap.at("cls.weight").to(torch::kFloat);
    auto b = snap.at("cls.bias").to(torch::kFloat);
    return torch::addmm(b, features, w.t());
  }

  void restore(const std::string &tag, torch::nn::Module &model) const {
    torch::NoGradGuard no_grad;
    const auto &snap = snapshots_.at(tag);
    for (auto &item : model.named_parameters())
      item.value().copy_(snap.at(item.key()));
    for (auto &item : model.named_buffers()) {
      const auto &stored = snap.at(item.key());
      if (stored.scalar_type() == torch::kHalf)
        item.value().copy_(stored.to(torch::kFloat));
      else
        item.value().copy_(stored);
    }
  }

  int64_t counter(const std::string &tag, const std::string &name) const {
    return snapshots_.at(tag).at(name).item<int64_t>();
  }

private:
  std::map<std::string, std::map<std::string, torch::Tensor>> snapshots_;
};

} // namespace

int main() {
  torch::manual_seed(0);
  Tagger model;
  torch::optim::SGD opt(model->parameters(), torch::optim::SGDOptions(0.05));
  auto x = torch::randn({8, 6});
  auto y = torch::randint(0, 2, {8});

  HalfSnapshots snaps;
  for (int step = 0; step < 4; ++step) {
    opt.zero_grad();
    torch::nn::functional::cross_entropy(model->forward(x), y).backward();
    opt.step();
    if (step == 1)
      snaps.take("step1", *model);
  }
  if (snaps.counter("step1", "norm.num_batches_tracked") != 2)
    return 1;

  model->eval();
  torch::Tensor features;
  {
    torch::NoGradGuard no_grad;
    features = torch::gelu(model->norm->forward(model->proj->forward(x)));
  }
  auto preview = snaps.preview_cls("step1", features);
  if (preview.scalar_type() != torch::kFloat || preview.size(1) != 2)
    return 1;

  snaps.restore("step1", *model);
  if (model->norm->num_batches_tracked.item<int64_t>() != 2)
    return 1;
  if (model->cls->weight.scalar_type() != torch::kFloat)
    return 1;
  torch::Tensor restored;
  {
    torch::NoGradGuard no_grad;
    restored = model->cls->forward(features);
  }
  return torch::allclose(preview, restored, 1e-5, 1e-5) ? 0 : 1;
}
