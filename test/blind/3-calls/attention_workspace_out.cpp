// scenario: attention scoring that writes into cached workspace buffers with out= variants, for fp32 and fp64 callers
// tier: 3
// family: out-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <cmath>
#include <iostream>
#include <string>
#include <unordered_map>

class Workspace {
public:
  // Returns a buffer with the requested shape and options, reusing storage when possible.
  torch::Tensor &buffer(const std::string &key, torch::IntArrayRef sizes,
                        const torch::TensorOptions &opts) {
    auto it = buffers_.find(key);
    if (it == buffers_.end() || it->second.scalar_type() != opts.dtype().toScalarType() ||
        it->second.device() != opts.device()) {
      ++allocations_;
      it = buffers_.insert_or_assign(key, torch::empty(sizes, opts)).first;
    } else if (it->second.sizes() != sizes) {
      it->second.resize_(sizes);
    }
    return it->second;
  }
  int allocations() const { return allocations_; }

private:
  std::unordered_map<std::string, torch::Tensor> buffers_;
  int allocations_ = 0;
};

static torch::Tensor &attention_probs(Workspace &ws, const torch::Tensor &q, const torch::Tensor &k) {
  auto &scores = ws.buffer("scores", {q.size(0), k.size(0)}, q.options());
  torch::mm_out(scores, q, k.t());
  scores.div_(std::sqrt(static_cast<double>(q.size(1))));
  auto &probs = ws.buffer("probs", scores.sizes(), scores.options());
  return torch::softmax_out(probs, scores, 1);
}

static torch::Tensor attend(Workspace &ws, const torch::Tensor &q, const torch::Tensor &k,
                            const torch::Tensor &v, torch::Tensor &entropy_sum) {
  auto &probs = attention_probs(ws, q, k);
  auto &context = ws.buffer("context", {q.size(0), v.size(1)}, v.options());
  torch::mm_out(context, probs, v);

  // Attention entropy, for the monitoring dashboard.
  auto &plogp = ws.buffer("plogp", probs.sizes(), probs.options());
  torch::mul_out(plogp, probs, probs.clamp_min(1e-12).log());
  auto row_entropy = torch::empty({q.size(0)}, torch::kDouble);
  torch::sum_out(row_entropy, plogp, {1});
  entropy_sum.sub_(row_entropy.sum());
  return context.clone();
}

int main() {
  torch::manual_seed(4);
  Workspace ws;
  auto entropy_sum = torch::zeros({}, torch::kDouble);

  const int64_t tokens = 12, memory = 20, dim = 16;
  auto q32 = torch::randn({tokens, dim});
  auto k32 = torch::randn({memory, dim});
  auto v32 = torch::randn({memory, dim});

  auto out_a = attend(ws, q32, k32, v32, entropy_sum);
  auto out_b = attend(ws, q32.slice(0, 0, 6), k32, v32, entropy_sum);

  // A float64 reference pass, used to check the fp32 path.
  auto out_ref = attend(ws, q32.to(torch::kDouble), k32.to(torch::kDouble),
                        v32.to(torch::kDouble), entropy_sum);

  auto err = (out_a.to(torch::kDouble) - out_ref).abs().max().item<double>();
  std::cout << "allocations " << ws.allocations() << " max fp32 error " << err
            << " entropy " << entropy_sum.item<double>() << "\n";
  std::cout << "context dtypes " << out_a.dtype() << " " << out_b.dtype() << " "
            << out_ref.dtype() << "\n";
  return err < 1e-4 && out_b.size(0) == 6 ? 0 : 1;
}
