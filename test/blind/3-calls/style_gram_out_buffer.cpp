// scenario: a style-transfer loss computes Gram matrices into preallocated buffers handed out by a small pool helper
// tier: 3
// family: out-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Expected out tensor to have dtype float, but got double instead
#include <torch/torch.h>
#include <iostream>
#include <map>
#include <optional>
#include <string>
#include <vector>

class BufferPool {
 public:
  // Loss accumulators default to float64 so repeated sums stay stable.
  torch::Tensor &acquire(const std::string &key, torch::IntArrayRef shape,
                         torch::Dtype dtype = torch::kDouble) {
    auto it = buffers_.find(key);
    if (it == buffers_.end() || it->second.sizes() != shape)
      it = buffers_.insert_or_assign(key, torch::empty(shape, dtype)).first;
    return it->second;
  }

 private:
  std::map<std::string, torch::Tensor> buffers_;
};

torch::Tensor gram_matrix(const torch::Tensor &features,
                          std::optional<std::reference_wrapper<torch::Tensor>> out = std::nullopt) {
  const int64_t c = features.size(0);
  torch::Tensor flat = features.reshape({c, -1});
  const double norm = 1.0 / static_cast<double>(flat.size(1));
  if (!out)
    return torch::matmul(flat, flat.t()) * norm;
  torch::Tensor &dst = out->get();
  torch::matmul_out(dst, flat, flat.t()); // BUG
  return dst.mul_(norm);
}

int main() {
  torch::NoGradGuard no_grad;
  torch::manual_seed(5);
  BufferPool pool;
  std::vector<std::string> layers = {"relu1_2", "relu2_2", "relu3_3"};
  std::vector<int64_t> channels = {64, 128, 256};

  torch::Tensor style_loss = torch::zeros({});
  for (size_t i = 0; i < layers.size(); ++i) {
    auto generated = torch::randn({channels[i], 32, 32});
    auto target_gram = gram_matrix(torch::randn({channels[i], 32, 32}));
    torch::Tensor &buf = pool.acquire(layers[i], {channels[i], channels[i]});
    auto gen_gram = gram_matrix(generated, std::ref(buf));
    style_loss += (gen_gram - target_gram).pow(2).mean();
  }
  std::cout << "style loss " << style_loss.item<double>() << "\n";
  return 0;
}
