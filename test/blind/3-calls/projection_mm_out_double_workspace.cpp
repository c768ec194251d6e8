// scenario: PCA projection writes into a reusable float64 workspace with mm_out while the inputs are float32
// tier: 3
// family: out-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Expected out tensor to have dtype float, but got double instead
#include <torch/torch.h>
#include <iostream>

class Workspace {
 public:
  Workspace(int64_t rows, int64_t cols) : buf_(torch::empty({rows, cols}, torch::kDouble)) {}
  torch::Tensor& buffer() { return buf_; }
  void resize(int64_t rows, int64_t cols) {
    if (buf_.size(0) != rows || buf_.size(1) != cols) buf_.resize_({rows, cols});
  }

 private:
  torch::Tensor buf_;  // double: accumulated statistics stay precise
};

torch::Tensor principal_axes(const torch::Tensor& x, int64_t k) {
  torch::Tensor centered = x - x.mean(0, true);
  torch::Tensor cov = torch::mm(centered.t(), centered) / double(x.size(0) - 1);
  auto eig = torch::linalg_eigh(cov);
  return std::get<1>(eig).flip(1).slice(1, 0, k);
}

void project_into(Workspace& ws, const torch::Tensor& x, const torch::Tensor& axes) {
  ws.resize(x.size(0), axes.size(1));
  torch::mm_out(ws.buffer(), x, axes); // BUG
}

int main() {
  torch::manual_seed(97);
  torch::Tensor x = torch::randn({20, 6});
  x.select(1, 0).mul_(5.0);  // one dominant direction
  torch::Tensor axes = principal_axes(x, 2);
  Workspace ws(20, 2);
  project_into(ws, x, axes);
  torch::Tensor explained = ws.buffer().var(0) / x.var(0).sum();
  std::cout << "explained variance ratio " << explained << "\n";
  return 0;
}
