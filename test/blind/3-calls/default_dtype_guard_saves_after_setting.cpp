// scenario: a default-dtype guard reads the "previous" dtype after it has already set float64, so its destructor restores float64; queries created after the scope no longer match the float32 projection built before it
// tier: 3
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Double but found Float
#include <torch/torch.h>
#include <iostream>

class ScopedDefaultDtype {
 public:
  explicit ScopedDefaultDtype(caffe2::TypeMeta dtype) {
    torch::set_default_dtype(dtype);
    saved_ = torch::get_default_dtype();
  }
  ~ScopedDefaultDtype() { torch::set_default_dtype(saved_); }

 private:
  caffe2::TypeMeta saved_;
};

struct Retriever {
  torch::Tensor projection;  // [in_dim, code_dim], built at startup

  explicit Retriever(int64_t in_dim, int64_t code_dim)
      : projection(torch::randn({in_dim, code_dim}) / std::sqrt(static_cast<double>(in_dim))) {}

  torch::Tensor encode(const torch::Tensor& queries) const {
    return torch::sign(torch::mm(queries, projection)); // BUG
  }
};

// Offline check of the hashing quality with exact float64 distances.
double reference_collision_rate(int64_t in_dim) {
  ScopedDefaultDtype fp64(caffe2::TypeMeta::Make<double>());
  auto a = torch::randn({64, in_dim});
  auto b = a + 0.01 * torch::randn({64, in_dim});
  auto cos = torch::cosine_similarity(a, b, /*dim=*/1);
  return (cos > 0.99).to(torch::kDouble).mean().item<double>();
}

int main() {
  torch::manual_seed(131);
  Retriever retriever(/*in_dim=*/32, /*code_dim=*/16);
  std::cout << "reference rate " << reference_collision_rate(32) << "\n";

  auto queries = torch::randn({4, 32});
  auto codes = retriever.encode(queries);
  std::cout << "codes " << codes.sizes() << "\n";
  return 0;
}
