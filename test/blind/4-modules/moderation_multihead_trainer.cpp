// scenario: a content-moderation trainer with a dict of per-policy heads sums binary and multi-class losses over compactly stored labels
// tier: 4
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Long but found Int
#include <torch/torch.h>
#include <iostream>
#include <map>
#include <string>
#include <vector>

namespace F = torch::nn::functional;

namespace {

enum class HeadKind { kBinary, kMultiClass };

struct HeadSpec {
  std::string name;
  HeadKind kind;
  int64_t classes;
};

const std::vector<HeadSpec> &headSpecs() {
  static const std::vector<HeadSpec> specs = {
      {"toxicity", HeadKind::kBinary, 1},
      {"spam", HeadKind::kBinary, 1},
      {"topic", HeadKind::kMultiClass, 12},
  };
  return specs;
}

// Labels are kept as int32 in the replay buffer (millions of rows).
struct LabelBatch {
  std::map<std::string, torch::Tensor> by_head;
};

class ModerationModelImpl : public torch::nn::Module {
public:
  explicit ModerationModelImpl(int64_t dim) {
    trunk_ = register_module("trunk", torch::nn::Sequential(torch::nn::Linear(dim, 128), torch::nn::GELU()));
    heads_ = register_module("heads", torch::nn::ModuleDict());
    for (const auto &spec : headSpecs())
      heads_->update({{spec.name, std::make_shared<torch::nn::LinearImpl>(128, spec.classes)}});
  }

  torch::Tensor loss(const torch::Tensor &text_emb, const LabelBatch &labels) {
    auto shared = trunk_->forward(text_emb);
    torch::Tensor total = torch::zeros({});
    for (const auto &spec : headSpecs()) {
      auto logits = heads_[spec.name]->as<torch::nn::Linear>()->forward(shared);
      const torch::Tensor &target = labels.by_head.at(spec.name);
      switch (spec.kind) {
      case HeadKind::kBinary:
        total = total + F::binary_cross_entropy_with_logits(logits.squeeze(1), target.to(logits.dtype()));
        break;
      case HeadKind::kMultiClass:
        total = total + F::cross_entropy(logits, target); // BUG
        break;
      }
    }
    return total;
  }

private:
  torch::nn::Sequential trunk_{nullptr};
  torch::nn::ModuleDict heads_{nullptr};
};
TORCH_MODULE(ModerationModel);

LabelBatch sampleLabels(int64_t batch) {
  LabelBatch lb;
  for (const auto &spec : headSpecs()) {
    int64_t high = spec.kind == HeadKind::kBinary ? 2 : spec.classes;
    lb.by_head[spec.name] = torch::randint(high, {batch}, torch::kInt32);
  }
  return lb;
}

} // namespace

int main() {
  ModerationModel model(384);
  torch::optim::AdamW opt(model->parameters(), torch::optim::AdamWOptions(2e-4));
  for (int step = 0; step < 3; ++step) {
    auto loss = model->loss(torch::randn({16, 384}), sampleLabels(16));
    opt.zero_grad();
    loss.backward();
    opt.step();
    std::cout << "step " << step << " loss " << loss.item<float>() << "\n";
  }
  return 0;
}
