// scenario: a few-shot classifier embeds queries under CPU bfloat16 autocast and scores them against float32 class prototypes after an explicit upcast
// tier: 5
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

namespace F = torch::nn::functional;

namespace {

struct ProtoNetImpl : torch::nn::Module {
  ProtoNetImpl(int64_t in, int64_t dim)
      : backbone(register_module("backbone",
                                 torch::nn::Sequential(torch::nn::Linear(in, 64), torch::nn::GELU(),
                                                       torch::nn::Linear(64, dim)))) {}

  torch::Tensor embed(const torch::Tensor &x) { return backbone->forward(x); }

  torch::nn::Sequential backbone{nullptr};
};
TORCH_MODULE(ProtoNet);

torch::Tensor embedWithAutocast(ProtoNet &net, const torch::Tensor &x) {
  at::autocast::set_autocast_cpu_dtype(at::kBFloat16);
  at::autocast::set_cpu_enabled(true);
  auto emb = net->embed(x); // bfloat16 out of the autocast linear layers
  at::autocast::set_cpu_enabled(false);
  at::autocast::clear_cache();
  return emb.to(torch::kFloat);
}

} // namespace

int main() {
  torch::manual_seed(27);
  const int64_t ways = 5, shots = 3, queries = 10, in = 24, dim = 16;
  ProtoNet net(in, dim);
  net->eval();
  torch::NoGradGuard noGrad;

  // Support set -> per-class prototypes, kept in float32 across episodes.
  auto support = torch::randn({ways * shots, in});
  auto supportEmb = embedWithAutocast(net, support);
  auto prototypes = supportEmb.view({ways, shots, dim}).mean(1);
  auto memoryBank = torch::zeros({ways, dim});
  memoryBank.index_copy_(0, torch::arange(ways), prototypes);

  auto query = torch::randn({queries, in});
  auto queryLabels = torch::randint(0, ways, {queries}, torch::kLong);
  auto queryEmb = embedWithAutocast(net, query);

  auto logits = -torch::cdist(queryEmb, memoryBank).pow(2);
  auto loss = F::cross_entropy(logits, queryLabels);
  auto acc = logits.argmax(1).eq(queryLabels).sum().to(torch::kFloat) / queries;
  auto cosine = torch::mm(F::normalize(queryEmb, F::NormalizeFuncOptions().dim(1)),
                          F::normalize(memoryBank, F::NormalizeFuncOptions().dim(1)).t());
  std::cout << "episode loss " << loss.item<float>() << " acc " << acc.item<float>()
            << " max cos " << cosine.max().item<float>() << std::endl;
  return 0;
}
